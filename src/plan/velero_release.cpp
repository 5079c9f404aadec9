// choose_velero_release and its note (velero_release.h). Velero's install (pkg/install/
// deployment.go, daemonset.go) names the server Deployment `velero` with a container `velero`,
// and the DaemonSet `node-agent`, both running the velero/velero image of the release.
#include "volpol/detail/plan/velero_release.h"

#include <fmt/format.h>

#include "volpol/core/diagnostic.h"

namespace volpol::plan {

namespace {

/// The image of the container named `name`, else of the first container; "" when none.
std::string_view image_of(const std::vector<k8s::container_image>& containers, std::string_view name) {
  for (const k8s::container_image& c : containers)
    if (c.name == name) return c.image;
  return containers.empty() ? std::string_view{} : std::string_view(containers.front().image);
}

void read_tag(velero_release_choice& c) {
  const auto found = velero_version_from_image_tag(image_tag(c.image));
  if (!found) {
    c.unknown_tag = true;
    c.version = default_velero_version;
    return;
  }
  c.version = found->version;
  c.exact = found->exact;
}

}  // namespace

std::string_view image_tag(std::string_view image) {
  if (const auto at = image.find('@'); at != std::string_view::npos) image = image.substr(0, at);
  const auto slash = image.rfind('/');
  const auto colon = image.rfind(':');
  if (colon == std::string_view::npos || (slash != std::string_view::npos && colon < slash)) return {};
  return image.substr(colon + 1);
}

velero_release_choice choose_velero_release(std::optional<velero_version> flag, const k8s::cluster& objects,
                                            std::string_view velero_namespace) {
  velero_release_choice c;
  if (flag) {
    c.version = *flag;
    c.source = velero_release_source::flag;
    return c;
  }
  const k8s::deployment* d = objects.find_deployment(velero_namespace, "velero");
  if (d != nullptr) {
    if (const std::string_view image = image_of(d->containers, "velero"); !image.empty()) {
      c.source = velero_release_source::deployment;
      c.object = fmt::format("Deployment {}/velero", escape_text(velero_namespace));
      c.image = std::string(image);
      read_tag(c);
      return c;
    }
  }
  if (const k8s::daemon_set* ds = objects.find_daemon_set(velero_namespace, "node-agent")) {
    if (const std::string_view image = image_of(ds->containers, "node-agent"); !image.empty()) {
      c.source = velero_release_source::daemon_set;
      c.object = fmt::format("DaemonSet {}/node-agent", escape_text(velero_namespace));
      c.image = std::string(image);
      read_tag(c);
      return c;
    }
  }
  if (d != nullptr) {  // there, but with no image to read: said so, main assumed
    c.source = velero_release_source::deployment;
    c.object = fmt::format("Deployment {}/velero", escape_text(velero_namespace));
    c.unknown_tag = true;
  }
  return c;
}

namespace {

/// An image as a note shows it: control bytes and invalid UTF-8 escaped, at most 200 bytes.
std::string shown(std::string_view image) {
  constexpr std::size_t most = 200;
  if (image.size() <= most) return escape_text(image);
  return escape_text(image.substr(0, most)) + fmt::format("... ({} bytes)", image.size());
}

}  // namespace

std::string velero_release_note(const velero_release_choice& c) {
  const std::string flag_help = "--velero-version names the release you run (v1.17, v1.18.0, v1.18, main)";
  switch (c.source) {
    case velero_release_source::flag: return {};
    case velero_release_source::assumed:
      return fmt::format("predicted for Velero main ({}): no Velero Deployment in the input; {}",
                         release_of(velero_version::main).git_ref, flag_help);
    case velero_release_source::deployment:
    case velero_release_source::daemon_set: break;
  }
  if (c.image.empty())
    return fmt::format("predicted for Velero main ({}): {} names no image; {}",
                       release_of(velero_version::main).git_ref, c.object, flag_help);
  if (c.unknown_tag)
    return fmt::format("predicted for Velero main ({}): {} runs {}, whose tag names no release volpol knows; {}",
                       release_of(velero_version::main).git_ref, c.object, shown(c.image), flag_help);
  const std::string tag(image_tag(c.image));
  return fmt::format("predicted for Velero {}: {} runs {}{}", to_string(c.version), c.object, shown(c.image),
                     tag == to_string(c.version) || tag == "v" + std::string(to_string(c.version))
                         ? std::string()
                         : fmt::format(" ({} has {}'s volume-policy code)", shown(tag), to_string(c.version)));
}

}  // namespace volpol::plan
