// yaml_unread_fields.h (private) — the YAML reader's shortcut past the fields volpol never reads.
//
// A kubectl dump of a Pod is mostly text no volume decision reads: container args, env, probes,
// ports and resources, tolerations, status conditions and container statuses, ownerReferences.
// libyaml spends its time per byte (its reader decodes every character, its scanner mallocs
// every token), so the object reader gives it a copy of the object in which the value lines of
// those fields are blank. Every line stays where it was (a blanked line is "\n"), so line and
// column numbers in diagnostics are those of the file.
//
// What is blanked (for `kind: Pod`, `PersistentVolumeClaim` and `PersistentVolume` objects
// whose kind comes before their metadata, spec and status, as kubectl writes them; object_reader
// in loader_reader.h reads nothing else of those kinds):
//   - metadata: all but name, namespace, deletionTimestamp, labels and annotations; of the
//     annotations, those the annotation filter drops;
//   - Pod spec: all but volumes, nodeName and, of each container, volumeMounts and volumeDevices;
//     of each volume's projected, configMap and downwardAPI sources (read for being set only)
//     all but their first key, and of its secret source all but secretName;
//   - Pod status: all but phase;
//   - PVC spec: all but storageClassName, volumeMode, accessModes, volumeName and resources;
//     PVC status: all but phase and capacity;
//   - PV spec: nodeAffinity and mountOptions; PV status: all but phase.
// A field nothing reads, not even its presence, loses its key line too — unless it is its
// mapping's first key (so a mapping of unread fields stays a mapping, never null) or stands
// after a `- ` (so a sequence keeps its items). Of a field whose presence is read (a Pod's
// initContainers: the pod's shape), only the lines below the key are blanked: the field is
// still there, its value null or what stands on the key line. (Blanking the key lines of
// metadata, spec and status fields took the 30k YAML plan from 0.70 s to 0.56 s.)
//
// The filter follows the block structure line by line and gives up — the caller then parses
// the text as it is — on anything it does not follow exactly: a key that is not a plain word,
// a quoted or flow value that does not close on its line (it could run into the next field),
// a comment inside a flow value, tags, anchors and aliases, tabs, line breaks other than `\n`
// and `\r\n`, bytes outside printable ASCII in a line it would blank (so that a character
// error is still reported), and texts where what it would blank could reach the depth or node
// limit (so that the limits refuse what they refuse without it). The caller also parses the
// text as it is when the blanked copy has a YAML problem, so every problem reported is the
// file's own. What the shortcut does not see are syntax errors inside a blanked value, and a
// key blanked whole that repeats another: like the JSON reader, which skips unread values
// without checking them (nor their keys for repeats), such an object is read.
#pragma once

#include <string>
#include <string_view>

#include "volpol/detail/yaml_check.h"
#include "volpol/k8s/loader.h"

namespace volpol::k8s::detail {

/// Writes into `out` a copy of `text` — one YAML document (possibly opening with `---`), or
/// one `- ` item of a top-level list — with the value lines of the fields above blank.
/// `annotations`: the loader's annotation filter (annotations it drops are blanked too).
/// `limits`: the depth and node limits the text is checked against (yaml_check.h): nothing is
/// blanked where they could be reached in what is blanked, so the limits refuse exactly the
/// texts they refuse without the filter.
/// @return true when `out` holds the copy to parse; false when `text` is to be parsed as it
///         is (not one of the three kinds, nothing to blank, or a line the filter does not
///         follow). `out` is overwritten either way.
[[nodiscard]] bool blank_unread_fields(std::string_view text, annotation_filter annotations, const yaml_limits& limits,
                                       std::string& out);

}  // namespace volpol::k8s::detail
