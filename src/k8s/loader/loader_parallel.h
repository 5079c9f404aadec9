// loader_parallel.h (private) — reading one stream's objects on several threads, with what
// they find handed on in reading order.
//
// The stream readers (json_loader.cpp, yaml_loader.cpp) still split the stream on the calling
// thread: that is a byte scan. They gather the pieces (a JSON list's items, YAML documents and
// `items:` entries) into batches of about `batch_bytes` — YAML pieces copied into the batch, JSON
// items left where they are in a block of the window (chunk_buffer::share) — and give each
// batch to `ordered_workers`. A worker parses the batch's pieces and reads their objects into a
// `recording_sink`; the calling thread passes every batch's recording on to the real sink in
// the order the batches were made. So the cluster, the counts and every problem come out
// exactly as a single-threaded read gives them; only the parsing runs in parallel.
//
// Memory: at most `2 × threads + 2` batches are in flight (made, not yet passed on).
#pragma once

#include <simdjson.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "interners.h"
#include "loader_reader.h"
#include "yaml_tree.h"

namespace volpol::k8s::detail {

/// Records what a reader gives, to pass it on later in the same order.
/// With build_objects on (the receiving sink accepts_built), a named PersistentVolume,
/// PersistentVolumeClaim or Pod is built here, on the worker, and replayed with `built`.
class recording_sink final : public object_sink {
 public:
  void object(object_fields& f, const classification& c, object_origin origin) override;
  void problem(diagnostic d) override;
  void build_objects(bool on) { build_objects_ = on; }
  /// Where the objects it builds intern their labels and repeated values: the scratch of the
  /// thread reading the batch.
  void intern_with(interners* shared) { shared_ = shared; }
  /// Passes everything recorded on to `out`, in order, and forgets it.
  void replay(object_sink& out);

 private:
  struct recorded_object {
    object_fields fields;
    classification kind;
    object_origin origin;
  };
  std::vector<std::variant<recorded_object, any_object, diagnostic>> entries_;
  bool build_objects_ = false;
  interners* shared_ = nullptr;
};

/// What a worker thread keeps from batch to batch (parsers and their buffers).
struct worker_scratch {
  simdjson::ondemand::parser json;
  yaml_tree yaml;
  std::string yaml_text;  ///< a YAML piece with its unread fields blanked (yaml_unread_fields.h)
  interners shared;       ///< what the objects this thread builds share (interners.h)
};

/// A batch of pieces to read on a worker.
class batch_job {
 public:
  virtual ~batch_job() = default;
  /// Reads the batch; everything found goes to `out`.
  virtual void run(worker_scratch& scratch, object_sink& out) = 0;
};

/// Runs batches on `threads` worker threads, and on the calling thread while it would wait for
/// them (submit with too many in flight, drain); their results reach `out` in submission
/// order, on the thread that calls submit / drain.
class ordered_workers {
 public:
  /// Bytes of text a stream reader gathers into one batch.
  static constexpr std::size_t batch_bytes = std::size_t{256} << 10;

  ordered_workers(object_sink& out, unsigned threads);
  ~ordered_workers();
  ordered_workers(const ordered_workers&) = delete;
  ordered_workers& operator=(const ordered_workers&) = delete;

  /// Queues a batch; passes on the results of batches already done; waits while too many are
  /// in flight.
  void submit(std::unique_ptr<batch_job> job);
  /// Waits for every batch and passes on all results (before the caller reports anything of
  /// its own, so that reading order is kept).
  void drain();

 private:
  struct slot {
    std::unique_ptr<batch_job> job;
    recording_sink results;
    bool done = false;
  };
  void work();
  /// Reads the first batch not started (slots_[next_]) with `scratch`; `lock` is released
  /// meanwhile.
  void run_next(std::unique_lock<std::mutex>& lock, worker_scratch& scratch);
  /// Passes on finished batches from the front; `wait`: until the front one is passed on,
  /// reading batches no worker has started meanwhile.
  void pass_on(std::unique_lock<std::mutex>& lock, bool wait);

  object_sink& out_;
  bool build_objects_;  ///< out_ accepts built objects: workers build them
  std::size_t max_in_flight_;
  std::mutex mutex_;
  std::condition_variable work_ready_;       ///< a batch was queued, or stopping
  std::condition_variable batch_done_;       ///< a batch was finished
  std::deque<std::unique_ptr<slot>> slots_;  ///< in submission order; front = oldest not passed on
  std::size_t next_ = 0;                     ///< index in slots_ of the first batch not started
  bool stopping_ = false;
  std::vector<std::thread> threads_;
  std::unique_ptr<worker_scratch> own_scratch_;  ///< the calling thread's, made when it first reads a batch
};

/// The worker threads to use for `requested` (0: one per core the machine has).
[[nodiscard]] unsigned reader_threads(unsigned requested);

}  // namespace volpol::k8s::detail
