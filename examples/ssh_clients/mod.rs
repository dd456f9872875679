//! SSH clients of `tictaclatin serve` on loopback, for the load and siege benchmarks and the
//! siege tests: a player (russh, with a terminal read as a terminal would, by vt100) and the
//! attacks a stranger can mount. Each comes from loopback addresses of its own: all of
//! 127.0.0.0/8 is this machine, so one address stands for one machine on the network.

#![allow(dead_code)] // each user takes the clients it needs

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client;
use russh::keys::PublicKeyOrCertificate;
use tokio::io::AsyncReadExt;
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{oneshot, watch};

pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true) // the server started here, on loopback
    }
}

/// The `n`th loopback address past 127.0.0.1, standing for one machine: 127.0.x.y.
pub fn machine(n: u16) -> IpAddr {
    let [high, low] = (n + 2).to_be_bytes();
    IpAddr::V4(Ipv4Addr::new(127, 0, high, low))
}

/// A TCP connection to the server from `from`.
pub async fn connect_from(from: IpAddr, port: u16) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    let stream = socket
        .connect(SocketAddr::from(([127, 0, 0, 1], port)))
        .await?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// An SSH session with the server from `from`, past the key exchange.
async fn session(from: IpAddr, port: u16) -> Result<client::Handle<Trusting>, String> {
    let config = Arc::new(client::Config {
        nodelay: true,
        ..client::Config::default()
    });
    let stream = connect_from(from, port)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    client::connect_stream(config, stream, Trusting)
        .await
        .map_err(|e| format!("key exchange: {e}"))
}

/// One player: their SSH channel, and their screen as it stands.
pub struct Player {
    writer: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<vt100::Parser>>,
    changed: watch::Receiver<u64>,
    session: client::Handle<Trusting>,
}

impl Player {
    /// Joins from `from` as `name` with `code`, in a terminal of 80 x 24, straight into
    /// `room` (the lobby, with "").
    pub async fn join(
        port: u16,
        from: IpAddr,
        name: &str,
        room: &str,
        code: &str,
    ) -> Result<Player, String> {
        let mut session = session(from, port).await?;
        let auth = session
            .authenticate_password(name, code)
            .await
            .map_err(|e| format!("authenticate: {e}"))?;
        if !auth.success() {
            return Err("the code is refused".into());
        }
        let channel = session
            .channel_open_session()
            .await
            .map_err(|e| format!("a channel: {e}"))?;
        let asked = async {
            channel
                .request_pty(false, "xterm", 80, 24, 0, 0, &[])
                .await?;
            match room {
                "" => channel.request_shell(false).await,
                room => channel.exec(false, room).await,
            }
        };
        asked.await.map_err(|e| format!("the game: {e}"))?;
        let (mut reader, writer) = channel.split();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            24.try_into().unwrap(),
            80.try_into().unwrap(),
            0,
        )));
        let (tell, changed) = watch::channel(0u64);
        let parser = Arc::clone(&screen);
        tokio::spawn(async move {
            let mut count = 0;
            while let Some(message) = reader.wait().await {
                if let russh::ChannelMsg::Data { data } = message {
                    parser.lock().unwrap().process(&data);
                    count += 1;
                    let _ = tell.send(count);
                }
            }
        });
        Ok(Player {
            writer,
            screen,
            changed,
            session,
        })
    }

    pub fn contents(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    pub fn shows(&self, text: &str) -> bool {
        self.screen
            .lock()
            .unwrap()
            .screen()
            .contents()
            .contains(text)
    }

    /// Waits until the screen shows `text`: when it did, or `None` past `patience`.
    pub async fn until(&mut self, text: &str, patience: Duration) -> Option<Instant> {
        let deadline = tokio::time::Instant::now() + patience;
        loop {
            if self.shows(text) {
                return Some(Instant::now());
            }
            tokio::time::timeout_at(deadline, self.changed.changed())
                .await
                .ok()?
                .ok()?;
        }
    }

    pub async fn send(&self, keys: &str) {
        let _ = self.writer.data_bytes(keys.as_bytes().to_vec()).await;
    }

    /// Tells the server the terminal is now `columns` x `rows`.
    pub async fn resize(&self, columns: u32, rows: u32) -> bool {
        self.writer.window_change(columns, rows, 0, 0).await.is_ok()
    }

    /// Closes the game's channel, and keeps the connection.
    pub async fn close_channel(&self) {
        let _ = self.writer.close().await;
    }

    /// Whether the server has closed the connection.
    pub fn is_closed(&self) -> bool {
        self.session.is_closed()
    }
}

/// An attack on a thread of its own (one core at most), until it is dropped.
pub struct Attack {
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// What it did: connections opened, key exchanges, window changes sent...
    pub done: Arc<AtomicU64>,
    /// The server's answers that ended an attacking connection.
    pub cut: Arc<AtomicU64>,
}

/// What an attacking task counts.
#[derive(Clone)]
pub struct Tally {
    pub done: Arc<AtomicU64>,
    pub cut: Arc<AtomicU64>,
}

impl Tally {
    fn did(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    fn was_cut(&self) {
        self.cut.fetch_add(1, Ordering::Relaxed);
    }
}

impl Attack {
    /// Runs `tasks` (made with the tally) until the attack is dropped.
    fn start<F>(tasks: impl FnOnce(Tally) -> Vec<F> + Send + 'static) -> Attack
    where
        F: std::future::Future<Output = ()> + Send + 'static,
    {
        let tally = Tally {
            done: Arc::default(),
            cut: Arc::default(),
        };
        let (stop, stopped) = oneshot::channel();
        let counts = tally.clone();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for the attack");
            runtime.block_on(async move {
                for task in tasks(counts) {
                    tokio::spawn(task);
                }
                let _ = stopped.await;
            });
        });
        Attack {
            stop: Some(stop),
            thread: Some(thread),
            done: tally.done,
            cut: tally.cut,
        }
    }

    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    pub fn cut(&self) -> u64 {
        self.cut.load(Ordering::Relaxed)
    }
}

impl Drop for Attack {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// `sockets` idle connections from `addresses` machines (from the `first`th on), each opened
/// again as soon as the server closes it: no SSH at all.
pub fn idle_sockets(port: u16, first: u16, addresses: u16, sockets: u16) -> Attack {
    Attack::start(move |tally| {
        (0..sockets)
            .map(|n| {
                let tally = tally.clone();
                let from = machine(first + n % addresses);
                async move {
                    loop {
                        let Ok(mut stream) = connect_from(from, port).await else {
                            tokio::task::yield_now().await;
                            continue;
                        };
                        tally.did();
                        let mut sink = [0u8; 1024];
                        while matches!(stream.read(&mut sink).await, Ok(n) if n > 0) {}
                        tally.was_cut();
                    }
                }
            })
            .collect()
    })
}

/// `parallel` connections at a time from `addresses` machines, each making a key exchange
/// and leaving, over and over.
pub fn key_exchanges(port: u16, first: u16, addresses: u16, parallel: u16) -> Attack {
    Attack::start(move |tally| {
        (0..parallel)
            .map(|n| {
                let tally = tally.clone();
                let from = machine(first + n % addresses);
                async move {
                    loop {
                        match session(from, port).await {
                            Ok(_) => tally.did(),
                            Err(_) => tally.was_cut(),
                        }
                        tokio::task::yield_now().await;
                    }
                }
            })
            .collect()
    })
}

/// A person with the code watching `room` (from `from`), whose terminal sends window
/// changes as fast as the link takes them.
pub fn resize_flood(port: u16, from: IpAddr, room: &str, code: &str) -> Attack {
    let (room, code) = (room.to_string(), code.to_string());
    Attack::start(move |tally| {
        vec![async move {
            let Ok(watcher) = Player::join(port, from, "watcher", &room, &code).await else {
                tally.was_cut();
                return;
            };
            let mut n: u32 = 0;
            while watcher.resize(80 + n % 100, 24 + n % 40).await {
                n = n.wrapping_add(1);
                tally.did();
            }
            tally.was_cut();
        }]
    })
}

/// People with the code from `addresses` machines (from the `first`th on), `each` from a
/// machine one after another, who join a room of their own, close the game's channel and
/// keep the connection open; `cut` counts those the server closed.
pub fn ended_games(port: u16, first: u16, addresses: u16, each: u16, code: &str) -> Attack {
    let code = code.to_string();
    Attack::start(move |tally| {
        (0..addresses)
            .map(|machine_number| {
                let (tally, code) = (tally.clone(), code.clone());
                let from = machine(first + machine_number);
                async move {
                    for n in 0..each {
                        let room = format!("gone{machine_number}x{n}");
                        let name = format!("p{machine_number}x{n}");
                        let Ok(mut player) = Player::join(port, from, &name, &room, &code).await
                        else {
                            continue;
                        };
                        let _ = player.until("choose", Duration::from_secs(10)).await;
                        player.close_channel().await;
                        tally.did();
                        let tally = tally.clone();
                        tokio::spawn(async move {
                            while !player.is_closed() {
                                tokio::time::sleep(Duration::from_millis(20)).await;
                            }
                            tally.was_cut();
                            std::future::pending::<()>().await; // held, as an attacker would
                        });
                    }
                }
            })
            .collect()
    })
}

/// The server's memory in KiB, now and at its peak, from /proc.
pub fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The server's processor time so far (user and system), from /proc.
pub fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let field = |at: usize| {
        fields
            .get(at)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name (the first
    // is the state, a letter; the tty's group before them is -1 without a terminal).
    let ticks = field(11) + field(12);
    Duration::from_millis(ticks * 10) // 100 ticks a second on Linux
}

/// `tictaclatin serve` (the release build beside this program) on 127.0.0.1, its data in
/// `data`, with `code` and `extra` flags, playing classic 3x3 unless `extra` names a game;
/// the process and its port.
pub fn start_server(data: &Path, code: &str, extra: &[&str]) -> (Child, u16) {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("tictaclatin")))
        .filter(|path| path.exists())
        .unwrap_or_else(|| PathBuf::from("target/release/tictaclatin"));
    let mut child = Command::new(binary)
        .args([
            "serve",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "--code",
            code,
        ])
        .args(match extra.contains(&"--game") {
            true => &[][..],
            false => &["--game", "classic", "--size", "3"],
        })
        .args(extra)
        .env("TICTACLATIN_DATA_DIR", data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts (cargo build --release first)");
    let stdout = child.stdout.take().unwrap();
    let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stdout));
    let port = lines
        .find_map(|line| {
            line.ok()?
                .strip_prefix("tictaclatin serve: listening on 127.0.0.1:")?
                .parse()
                .ok()
        })
        .expect("the server says where it listens");
    // Keep reading, so the server never blocks on a full pipe.
    std::thread::spawn(move || lines.for_each(drop));
    (child, port)
}

/// The `p` quantile of `sorted` (0.5 the median).
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(at).copied().unwrap_or_default()
}

/// What a server used while people played, measured by [`play_then_stop`].
pub struct Run {
    /// Each person's (or room's) timings, all together and sorted.
    pub timings: Vec<Duration>,
    pub wall: Duration,
    /// The server's processor time over the play.
    pub cpu: Duration,
    /// The server's memory in KiB at the end, and at its peak.
    pub rss: u64,
    pub peak: u64,
    pub stopped: std::process::ExitStatus,
}

/// Waits for every play to end, measuring the server meanwhile, then stops it (SIGTERM).
pub async fn play_then_stop(
    mut server: Child,
    plays: Vec<tokio::task::JoinHandle<Vec<Duration>>>,
) -> Run {
    let pid = server.id();
    let (cpu_before, started) = (cpu_time(pid), Instant::now());
    let mut timings = Vec::new();
    for play in plays {
        timings.extend(play.await.expect("a play"));
    }
    let (wall, cpu) = (started.elapsed(), cpu_time(pid) - cpu_before);
    let (rss, peak) = memory(pid);
    let _ = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status();
    let stopped = server.wait().expect("the server stops");
    timings.sort();
    Run {
        timings,
        wall,
        cpu,
        rss,
        peak,
        stopped,
    }
}
