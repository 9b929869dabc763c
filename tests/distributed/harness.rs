//! Processes for the distributed tests, on 127.0.0.1 only and bounded in time: workers spawned
//! from the real binary with `--listen 127.0.0.1:0` (their address read from their stderr),
//! killed when dropped; coordinators and `run` with a watchdog; gRPC clients of the generated
//! code for talking to a worker directly.

use std::io::{BufRead as _, BufReader, Read as _};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::util::root;

/// The generated protocol (same proto, same build script as the binary).
pub mod pb {
    tonic::include_proto!("pf1e.v1");
}

pub const ARENA: &str = "data/maps/sample_arena.yaml";
pub const GOBLIN: &str = "data/monsters/goblin.json";
pub const ORC: &str = "data/monsters/orc.json";

/// The wire protocol version the binary speaks (PROTOCOL_VERSION in crates/pf1e-sim/rpc/mod.rs).
pub const PROTOCOL: u32 = 4;

/// Longest a coordinator or `run` may take in any test.
pub const PROCESS_DEADLINE: Duration = Duration::from_secs(60);

/// The quick-start encounter's `run` arguments plus `extra`.
pub fn job(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "run", "--map", ARENA, "--side", "players", GOBLIN, GOBLIN, GOBLIN, "--side", "monsters",
        ORC, ORC,
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    args.extend(extra.iter().map(ToString::to_string));
    args
}

/// A running `pf1e-sim worker`, killed (SIGKILL) and reaped when dropped.
pub struct Worker {
    child: Child,
    pub addr: String,
    stderr: Arc<Mutex<String>>,
}

impl Worker {
    /// Starts a worker with `threads` threads, extra arguments and `PF1E_SIM_TEST_FAULTS`.
    pub fn start(threads: usize, extra: &[&str], faults: &str) -> Worker {
        Worker::start_in(&root(), threads, extra, faults)
    }

    /// [`Worker::start`] with `dir` as the worker's current folder.
    pub fn start_in(dir: &std::path::Path, threads: usize, extra: &[&str], faults: &str) -> Worker {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pf1e-sim"))
            .args(["worker", "--listen", "127.0.0.1:0", "--grace-period", "5s"])
            .args(["--threads", &threads.to_string()])
            .args(extra)
            .env("PF1E_SIM_TEST_FAULTS", faults)
            .env("RUST_LOG", "debug")
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the worker starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = mpsc::channel();
        let pipe = child.stderr.take().expect("piped stderr");
        let log = stderr.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { break };
                // Log first, then announce: a test that got the address sees the whole line.
                {
                    let mut log = log.lock().unwrap();
                    log.push_str(&line);
                    log.push('\n');
                }
                if let Some(rest) = line.strip_prefix("pf1e-sim worker listening on ") {
                    let addr = rest.split_whitespace().next().unwrap_or("").to_string();
                    let _ = tx.send(addr);
                }
            }
        });
        let addr = match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(addr) => addr,
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the worker printed no address:\n{}", stderr.lock().unwrap());
            }
        };
        assert!(addr.starts_with("127.0.0.1:"), "{addr}");
        Worker {
            child,
            addr,
            stderr,
        }
    }

    /// A plain worker with one thread.
    pub fn plain() -> Worker {
        Worker::start(1, &[], "")
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// What the worker printed on stderr so far.
    pub fn log(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Waits until the worker's stderr contains `text` (at most `within`).
    pub fn wait_for_log(&self, text: &str, within: Duration) -> bool {
        let start = Instant::now();
        while start.elapsed() < within {
            if self.log().contains(text) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    /// Kills the worker with SIGKILL, as a crash would.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends SIGTERM and waits (at most `within`) for the exit; returns the exit code.
    pub fn terminate(&mut self, within: Duration) -> Option<i32> {
        let status = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        let start = Instant::now();
        while start.elapsed() < within {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A process started in the background with its output collected.
pub struct Running {
    child: Child,
    stdout: mpsc::Receiver<Vec<u8>>,
    stderr: mpsc::Receiver<Vec<u8>>,
}

/// Starts `pf1e-sim ARGS…` with extra environment variables.
pub fn spawn(args: &[String], env: &[(&str, &str)]) -> Running {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pf1e-sim"));
    command
        .args(args)
        .current_dir(root())
        .env_remove("PF1E_SIM_WORKERS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("pf1e-sim starts");
    let collect = |mut pipe: Box<dyn std::io::Read + Send>| {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            let _ = tx.send(bytes);
        });
        rx
    };
    let stdout = collect(Box::new(child.stdout.take().expect("stdout")));
    let stderr = collect(Box::new(child.stderr.take().expect("stderr")));
    Running {
        child,
        stdout,
        stderr,
    }
}

impl Running {
    /// Waits for the exit (at most [`PROCESS_DEADLINE`], else kills it and fails the test).
    pub fn finish(mut self) -> Output {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                break status;
            }
            if start.elapsed() > PROCESS_DEADLINE {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("pf1e-sim ran longer than {PROCESS_DEADLINE:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        Output {
            status,
            stdout: self.stdout.recv().unwrap_or_default(),
            stderr: self.stderr.recv().unwrap_or_default(),
        }
    }

    /// Kills the process with SIGKILL.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `pf1e-sim ARGS…` to completion (bounded).
pub fn pf1e(args: &[String]) -> Output {
    spawn(args, &[]).finish()
}

/// `pf1e-sim coordinator --worker W… OPTIONS… run JOB…`.
pub fn coordinator(workers: &[&Worker], options: &[&str], job_args: &[String]) -> Output {
    pf1e(&coordinator_args(workers, options, job_args))
}

pub fn coordinator_args(workers: &[&Worker], options: &[&str], job_args: &[String]) -> Vec<String> {
    let mut args = vec!["coordinator".to_string()];
    for w in workers {
        args.push("--worker".to_string());
        args.push(w.url());
    }
    args.extend(options.iter().map(ToString::to_string));
    args.extend(job_args.iter().cloned());
    args
}

/// The bytes `pf1e-sim run` prints for `job_args` (which must succeed).
pub fn reference(job_args: &[String]) -> Vec<u8> {
    let out = pf1e(job_args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Asserts a coordinator printed exactly `expected` and exited 0.
pub fn assert_same_report(out: &Output, expected: &[u8]) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "stderr:\n{err}");
    assert!(
        out.stdout == expected,
        "the coordinator's report differs from run's:\n{}\n--- run:\n{}\nstderr:\n{err}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(expected)
    );
}

/// A tokio runtime for direct gRPC calls.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime")
}

/// A channel to `worker` (the caller sets deadlines on each call).
pub async fn channel(worker: &Worker) -> tonic::transport::Channel {
    tonic::transport::Endpoint::from_shared(worker.url())
        .unwrap()
        .connect_timeout(Duration::from_secs(5))
        .connect()
        .await
        .expect("connect to the worker")
}

/// The quick-start scenario as it travels on the wire.
pub fn wire_scenario() -> pb::Scenario {
    let read = |path: &str| pb::Document {
        label: path.to_string(),
        text: std::fs::read_to_string(root().join(path)).expect("data file"),
    };
    pb::Scenario {
        map: Some(read(ARENA)),
        combatants: vec![read(GOBLIN), read(ORC)],
        sides: vec![
            pb::Side {
                name: "players".into(),
                members: vec![0, 0, 0],
                ..Default::default()
            },
            pb::Side {
                name: "monsters".into(),
                members: vec![1, 1],
                ..Default::default()
            },
        ],
        options: Some(pb::FightOptions {
            round_cap: 100,
            simple_monster_death: false,
        }),
        spells: Vec::new(),
    }
}
