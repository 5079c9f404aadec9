// loader_stream.h (private) — what the JSON and YAML stream readers get from the loader.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <string_view>

#include "loader_reader.h"
#include "loader_source.h"
#include "volpol/detail/shared_string.h"
#include "volpol/k8s/limits.h"

namespace volpol::k8s::detail {

struct stream_context {
  shared_string file;          ///< label for origins (one copy, shared) and diagnostics
  std::string_view kind_hint;  ///< kind from the folder layout ("" = none)
  read_options options;
  object_sink& sink;
  chunk_buffer& buffer;  ///< reset() on the stream's source already
  const input_limits& limits;
  /// Threads that parse the stream's objects (loader_parallel.h); 1: all on the calling thread.
  unsigned threads = 1;
  /// Counts the batches handed to worker threads (load_counts::worker_batches).
  std::size_t* worker_batches = nullptr;
};

/// Reads JSON values one after the other (objects, lists, arrays of objects) from the stream.
/// `parser` is reused from stream to stream.
void read_json_stream(stream_context& ctx, simdjson::ondemand::parser& parser);

/// Reads multi-document YAML from the stream.
void read_yaml_stream(stream_context& ctx);

/// Byte offset → 1-based line and column (bytes), counting from `text`'s start.
void line_column(std::string_view text, std::uint64_t offset, std::uint32_t& line, std::uint32_t& column);

}  // namespace volpol::k8s::detail
