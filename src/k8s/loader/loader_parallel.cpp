// recording_sink, ordered_workers (see loader_parallel.h).
#include "loader_parallel.h"

#include <algorithm>
#include <exception>
#include <string>

namespace volpol::k8s::detail {

void recording_sink::object(object_fields& f, const classification& c, object_origin origin) {
  // kind_name is "" for any kind but the three build() makes.
  if (build_objects_ && !kind_name(c.kind).empty() && !f.meta.name.empty()) {
    entries_.emplace_back(build(f, c.kind, std::move(origin), shared_));
    return;
  }
  entries_.emplace_back(recorded_object{std::move(f), c, std::move(origin)});
}

void recording_sink::problem(diagnostic d) { entries_.emplace_back(std::move(d)); }

void recording_sink::replay(object_sink& out) {
  for (auto& e : entries_) {
    if (auto* o = std::get_if<recorded_object>(&e)) {
      out.object(o->fields, o->kind, std::move(o->origin));
    } else if (auto* b = std::get_if<any_object>(&e)) {
      out.built(std::move(*b));
    } else {
      out.problem(std::move(std::get<diagnostic>(e)));
    }
  }
  entries_.clear();
  entries_.shrink_to_fit();
}

unsigned reader_threads(unsigned requested) {
  if (requested != 0) return requested;
  return std::max(1u, std::thread::hardware_concurrency());
}

ordered_workers::ordered_workers(object_sink& out, unsigned threads)
    : out_(out), build_objects_(out.accepts_built()), max_in_flight_(2 * static_cast<std::size_t>(threads) + 2) {
  threads_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { work(); });
}

ordered_workers::~ordered_workers() {
  {
    std::unique_lock<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_ready_.notify_all();
  for (auto& t : threads_) t.join();
}

void ordered_workers::work() {
  worker_scratch scratch;
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_ready_.wait(lock, [this] { return stopping_ || next_ < slots_.size(); });
    if (next_ >= slots_.size()) return;  // stopping, nothing left
    run_next(lock, scratch);
  }
}

void ordered_workers::run_next(std::unique_lock<std::mutex>& lock, worker_scratch& scratch) {
  slot& s = *slots_[next_++];
  lock.unlock();
  try {
    s.results.intern_with(&scratch.shared);
    s.job->run(scratch, s.results);
  } catch (const std::exception& e) {
    diagnostic d;
    d.message = std::string("not read: ") + e.what();
    s.results.problem(std::move(d));
  }
  s.job.reset();
  lock.lock();
  s.done = true;
  batch_done_.notify_all();
}

void ordered_workers::pass_on(std::unique_lock<std::mutex>& lock, bool wait) {
  for (;;) {
    if (slots_.empty()) return;
    if (!slots_.front()->done) {
      if (!wait) return;
      // Rather than wait for the workers, read a batch none has started (the calling thread
      // is otherwise idle while the workers are behind).
      if (next_ < slots_.size()) {
        if (!own_scratch_) own_scratch_ = std::make_unique<worker_scratch>();
        run_next(lock, *own_scratch_);
        continue;
      }
      batch_done_.wait(lock, [this] { return slots_.front()->done; });
    }
    std::unique_ptr<slot> s = std::move(slots_.front());
    slots_.pop_front();
    --next_;
    lock.unlock();
    s->results.replay(out_);
    s.reset();
    lock.lock();
    wait = false;
  }
}

void ordered_workers::submit(std::unique_ptr<batch_job> job) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto s = std::make_unique<slot>();
  s->job = std::move(job);
  s->results.build_objects(build_objects_);
  slots_.push_back(std::move(s));
  work_ready_.notify_one();
  pass_on(lock, false);
  while (slots_.size() > max_in_flight_) pass_on(lock, true);
}

void ordered_workers::drain() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!slots_.empty()) pass_on(lock, true);
}

}  // namespace volpol::k8s::detail
