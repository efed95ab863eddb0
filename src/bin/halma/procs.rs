//! Engine processes for `halma match`: each engine command runs in a process group of its
//! own, and the whole group is ended (SIGTERM, then SIGKILL after [`TERM_GRACE`]) whenever
//! the referee is done with it: a normal end, a forfeit, a timeout, and an interrupted
//! referee (SIGINT, SIGTERM, SIGHUP: [`end_groups_on_signals`]).

use std::io::{self, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long a group has to end after SIGTERM before it gets SIGKILL.
pub const TERM_GRACE: Duration = Duration::from_millis(1000);

/// The process groups alive, for the signal handler's thread and [`EndAll`].
static GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Set once every group has been ended: no group starts after that.
static CLOSING: AtomicBool = AtomicBool::new(false);

fn groups() -> MutexGuard<'static, Vec<i32>> {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner())
}

/// A child process leading a process group of its own (its children stay in it unless
/// they leave on purpose).
pub struct Group {
    /// The group's leader.
    pub child: Child,
    pgid: i32,
    ended: bool,
}

/// Starts `cmd` as the leader of a new process group.
pub fn spawn(cmd: &mut Command) -> io::Result<Group> {
    // Held across the spawn: an interrupted referee either sees the new group or has
    // ended every group before this one starts.
    let mut live = groups();
    if CLOSING.load(Ordering::Relaxed) {
        return Err(io::Error::other("the referee is stopping"));
    }
    let child = cmd.process_group(0).spawn()?;
    let pgid = child.id() as i32;
    live.push(pgid);
    Ok(Group {
        child,
        pgid,
        ended: false,
    })
}

/// Sends `sig` to every process of the group.
fn signal_group(pgid: i32, sig: i32) {
    // SAFETY: kill has no memory effects; a negative pid names the group.
    unsafe {
        libc::kill(-pgid, sig);
    }
}

/// Whether a process of the group is still running (zombies waiting for their parent do
/// not count: they are gone, only not yet reaped).
fn group_alive(pgid: i32) -> bool {
    // SAFETY: as above; signal 0 only checks.
    if unsafe { libc::kill(-pgid, 0) } != 0 {
        return io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
    }
    #[cfg(target_os = "linux")]
    {
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return true;
        };
        for entry in dir.flatten() {
            let name = entry.file_name();
            let Some(pid) = name.to_str().filter(|s| s.bytes().all(|b| b.is_ascii_digit())) else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
                continue;
            };
            // pid (comm) state ppid pgrp ...: the comm may hold anything, so from its end.
            let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
                continue;
            };
            let mut fields = rest.split_whitespace();
            let state = fields.next().unwrap_or("");
            let pgrp = fields.nth(1).and_then(|f| f.parse::<i32>().ok());
            if pgrp == Some(pgid) && !matches!(state, "Z" | "X") {
                return true;
            }
        }
        false
    }
    #[cfg(not(target_os = "linux"))]
    true
}

impl Group {
    /// Waits up to `grace` for every process of the group to end; whether they did.
    fn wait_ended(&mut self, grace: Duration) -> bool {
        let deadline = Instant::now() + grace;
        loop {
            let _ = self.child.try_wait();
            if !group_alive(self.pgid) {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Ends the group: gives it `polite` to end by itself (after a `quit`), then SIGTERM,
    /// then SIGKILL after [`TERM_GRACE`]. Reaps the leader.
    pub fn end(&mut self, polite: Duration) {
        if self.ended {
            return;
        }
        self.ended = true;
        if !self.wait_ended(polite) {
            signal_group(self.pgid, libc::SIGTERM);
            if !self.wait_ended(TERM_GRACE) {
                signal_group(self.pgid, libc::SIGKILL);
                self.wait_ended(Duration::from_millis(500));
            }
        }
        let _ = self.child.wait();
        groups().retain(|&g| g != self.pgid);
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.end(Duration::ZERO);
    }
}

/// Ends every group still alive (SIGTERM, SIGKILL after [`TERM_GRACE`]) and lets no new
/// one start; with the lock of the list held, as the caller's `live`.
fn end_groups(live: &mut Vec<i32>) {
    CLOSING.store(true, Ordering::Relaxed);
    for &g in live.iter() {
        signal_group(g, libc::SIGTERM);
    }
    let deadline = Instant::now() + TERM_GRACE;
    while live.iter().any(|&g| group_alive(g)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    for &g in live.iter() {
        if group_alive(g) {
            signal_group(g, libc::SIGKILL);
        }
    }
    // SIGKILL is delivered, not yet done, when kill returns.
    let deadline = Instant::now() + Duration::from_millis(500);
    while live.iter().any(|&g| group_alive(g)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    live.clear();
}

/// Ends every group still alive when dropped: however the referee returns (an error with
/// games still running, a panic), no engine outlives it.
pub struct EndAll;

impl Drop for EndAll {
    fn drop(&mut self) {
        end_groups(&mut groups());
    }
}

/// The write end of the pipe the signal handler writes the signal's number into.
static SIGNAL_PIPE: AtomicI32 = AtomicI32::new(-1);

extern "C" fn on_signal(sig: libc::c_int) {
    let fd = SIGNAL_PIPE.load(Ordering::Relaxed);
    if fd >= 0 {
        let b = sig as u8;
        // SAFETY: write is async-signal-safe; one byte from a live local.
        unsafe {
            libc::write(fd, (&b as *const u8).cast(), 1);
        }
    }
}

/// On SIGINT (Ctrl-C), SIGTERM or SIGHUP: says so on stderr, ends every engine's process
/// group (SIGTERM, SIGKILL after [`TERM_GRACE`]) and exits with 128 + the signal's number.
/// The handler only writes the signal into a pipe; a thread does the rest.
pub fn end_groups_on_signals() -> io::Result<()> {
    let mut fds = [0; 2];
    // SAFETY: pipe writes two descriptors into the array.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(io::Error::last_os_error());
    }
    SIGNAL_PIPE.store(fds[1], Ordering::Relaxed);
    let read_end = fds[0];
    std::thread::spawn(move || {
        let mut b = 0u8;
        loop {
            // SAFETY: reads one byte into a live local.
            let n = unsafe { libc::read(read_end, (&mut b as *mut u8).cast(), 1) };
            if n == 1 {
                break;
            }
            if n < 0 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return;
        }
        let sig = i32::from(b);
        // Held until the exit: no engine starts after this.
        let mut live = groups();
        let _ = writeln!(
            io::stderr(),
            "halma: interrupted ({}); ending the engines",
            match sig {
                libc::SIGINT => "SIGINT",
                libc::SIGTERM => "SIGTERM",
                _ => "SIGHUP",
            }
        );
        end_groups(&mut live);
        std::process::exit(128 + sig);
    });
    for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: a zeroed sigaction is valid; the handler only calls write.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            sa.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut sa.sa_mask);
            if libc::sigaction(sig, &sa, std::ptr::null_mut()) != 0 {
                return Err(io::Error::last_os_error());
            }
        }
    }
    Ok(())
}
