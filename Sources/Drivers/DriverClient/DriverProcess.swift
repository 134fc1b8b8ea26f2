import Foundation
import Primitives
import Synchronization

#if canImport(Glibc)
import CProcessSpawn
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A driver's process: `/bin/sh -c COMMAND` in a process group of its own, its three standard streams on pipes.
///
/// Ending it reaches everything the command started: SIGTERM to the whole group, SIGKILL after a grace period,
/// and the shell is always reaped. Until then its exit is only looked at, never collected, so the group's id
/// cannot be taken by another process while signals may still be sent to it. A watcher thread waits for the exit
/// (without collecting it) and wakes whoever waits for it.
final class DriverProcess: Sendable {
    let pid: pid_t
    /// The driver's standard input, written by the runner.
    let input: FileHandle
    /// The driver's standard output and standard error, read by the runner.
    let output: FileHandle
    let errors: FileHandle
    /// How the process ended, once it has (its exit status, or the signal that ended it); and whether it was
    /// reaped. The watcher sets the status and broadcasts.
    private let ending = Locked<(status: Int32?, reaped: Bool)>((nil, false))

    /// Why a driver could not be started.
    struct StartFailure: Error {
        let reason: String
    }

    init(command: String) throws(StartFailure) {
        let (pipes, spawned) = try Self.spawning.withLock { _ throws(StartFailure) in try Self.start(command) }
        pid = spawned
        input = FileHandle(fileDescriptor: pipes[0].write, closeOnDealloc: true)
        output = FileHandle(fileDescriptor: pipes[1].read, closeOnDealloc: true)
        errors = FileHandle(fileDescriptor: pipes[2].read, closeOnDealloc: true)
        let pid = spawned
        let ending = ending
        let watcher = Thread {
            let status = Self.waitForExitStatus(of: pid)
            ending.withCondition { state, condition in
                state.status = status
                condition.broadcast()
            }
        }
        watcher.stackSize = 64 << 10
        watcher.start()
    }

    /// Makes the three pipes and spawns the shell; returns the pipes (the parent's ends open) and its pid.
    private static func start(_ command: String) throws(StartFailure) -> ([(read: Int32, write: Int32)], pid_t) {
        var pipes: [(read: Int32, write: Int32)] = []
        for _ in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard makePipe(&ends) else {
                for pair in pipes {
                    _ = close(pair.read)
                    _ = close(pair.write)
                }
                throw StartFailure(reason: String(cString: strerror(errno)))
            }
            pipes.append((ends[0], ends[1]))
        }
        var spawned: pid_t = 0
        let result = spawn(
            command, stdin: pipes[0].read, stdout: pipes[1].write, stderr: pipes[2].write, pid: &spawned)
        for end in [pipes[0].read, pipes[1].write, pipes[2].write] { _ = close(end) }
        guard result == 0 else {
            for end in [pipes[0].write, pipes[1].read, pipes[2].read] { _ = close(end) }
            throw StartFailure(reason: String(cString: strerror(result)))
        }
        return (pipes, spawned)
    }

    deinit {
        end(after: 0, grace: 0)
    }

    /// Whether the process has not exited yet.
    var isRunning: Bool { ending.withLock { $0.status == nil && !$0.reaped } }

    /// The exit status, or the signal that ended the process; 0 while it runs.
    var terminationStatus: Int32 { ending.withLock { $0.status ?? 0 } }

    /// Waits up to `patience` seconds for the process to exit by itself, then sends SIGTERM to its group, waits up
    /// to `grace` seconds more, sends SIGKILL to the group, and reaps the process. Whatever else the group still
    /// holds (children the driver started) gets both signals too.
    func end(after patience: TimeInterval, grace: TimeInterval) {
        if ending.withLock({ $0.reaped }) { return }
        _ = waitForExit(until: Date(timeIntervalSinceNow: patience))
        kill(-pid, SIGTERM)
        _ = waitForExit(until: Date(timeIntervalSinceNow: grace))
        kill(-pid, SIGKILL)
        _ = waitForExit(until: .distantFuture)
        ending.withLock { state in
            guard !state.reaped else { return }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            state.reaped = true
        }
    }

    /// Waits for the exit until `deadline`; returns whether the process exited.
    func waitForExit(until deadline: Date) -> Bool {
        ending.wait(until: deadline, for: { $0.status != nil || $0.reaped }) { _, exited in exited }
    }

    /// Blocks until `pid` exits and returns its exit status (or ending signal), leaving it to be reaped.
    private static func waitForExitStatus(of pid: pid_t) -> Int32 {
        var info = siginfo_t()
        var result: Int32
        repeat {
            result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
        } while result < 0 && errno == EINTR
        return result == 0 ? childStatus(of: info) : -1
    }

    private static func childStatus(of info: siginfo_t) -> Int32 {
        #if canImport(Glibc)
        info._sifields._sigchld.si_status
        #else
        info.si_status
        #endif
    }

    /// Serializes making pipes and spawning: a pipe is made close-on-exec only after it exists, and a driver
    /// spawned in between by another job must not inherit it (its reader would never see the end).
    private static let spawning = Mutex(())

    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// `posix_spawn` of `/bin/sh -c command` in a new process group, with every signal at its default and none
    /// blocked (the runner ignores SIGPIPE; a driver should not inherit that); returns 0 or the error number.
    private static func spawn(
        _ command: String, stdin: Int32, stdout: Int32, stderr: Int32, pid: inout pid_t
    ) -> Int32 {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #else
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        #if canImport(Glibc)
        // Nothing else of the runner's reaches the driver, not even a descriptor someone forgot to mark
        // close-on-exec: an inherited pipe end would keep its reader (or an event source on it) from ever
        // seeing its end.
        _ = spawn_close_from(&actions, 3)
        #endif
        var defaults = sigset_t()
        sigfillset(&defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) } + [nil]
        defer {
            for argument in arguments { free(argument) }
        }
        return posix_spawn(&pid, "/bin/sh", &actions, &attributes, arguments, environ)
    }
}
