// `volpol serve` as a process: the server until SIGTERM/SIGINT, then a graceful shutdown.
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <thread>

#include "json_log.h"
#include "volpol/serve/server.h"

namespace volpol::serve {

int run(server_options options) {
  // Block the signals in every thread (the server's threads inherit the mask); one thread waits
  // for them with sigtimedwait, so no code runs in a signal handler.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a client that goes away must not end the process

  detail::json_log log(options.log, detail::log_level::info);
  server s(options);
  if (result<void> started = s.start(); !started) {
    log.write(detail::log_level::error, "cannot start", {detail::json_field("error", started.error()->to_string())});
    return 1;
  }
  std::atomic<bool> done{false};
  std::thread signals([&] {
    const timespec tick{0, 200 * 1000 * 1000};
    while (!done.load()) {
      siginfo_t info{};
      const int sig = sigtimedwait(&stop_signals, &info, &tick);
      if (sig == SIGTERM || sig == SIGINT) {
        log.write(detail::log_level::info, "signal received",
                  {detail::json_field("signal", sig == SIGTERM ? "SIGTERM" : "SIGINT")});
        s.shutdown();
        // A second signal: stop waiting for the shutdown delay.
        while (!done.load()) {
          const int again = sigtimedwait(&stop_signals, &info, &tick);
          if (again == SIGTERM || again == SIGINT) s.shutdown_now();
        }
      }
    }
  });
  s.wait();
  done.store(true);
  signals.join();
  return 0;
}

}  // namespace volpol::serve
