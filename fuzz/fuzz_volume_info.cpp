// A backup's volume info (`<backup>-volumeinfo.json`, what `volpol audit` reads): parse it as
// verify::parse_backup_volume_infos does; any input must give entries or an error, never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "volpol/verify/audit.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto infos = volpol::verify::parse_backup_volume_infos(text, "fuzz-volumeinfo.json");
  if (!infos.ok() && infos.error()->message.empty()) __builtin_trap();  // an error says why
  return 0;
}
