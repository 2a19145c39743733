// Preloaded into the server and the worker by our scripts, and imported by a script re-run
// under the pinned Node: each runs with an IPC channel to the script that started it. That
// channel closes when the script is gone, even killed outright (SIGKILL); the process then
// stops as on SIGTERM, gracefully, rather than live on as an orphan holding its port.
if (process.channel) {
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  // The channel alone must not keep the process alive.
  process.channel.unref();
}
