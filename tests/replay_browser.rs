//! Replay pages in a real browser: headless Chromium (Debian's `chromium`), driven through its
//! DevTools protocol, opens a page of each game, steps through it with the arrow key and checks
//! that the picture changes, that the move shown is the record's, and that the console stays
//! free of errors and nothing is fetched; it saves screenshots of the first and last steps of a
//! Big Two and a Life-Go game under `target/tmp/replay-screenshots/`.
//!
//! It needs the browser, so it is ignored by default: `cargo test --test replay_browser --
//! --ignored` (CI installs chromium and runs it). `RECESS_CHROMIUM` names another binary.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use recess::game_core::svg::View;

use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long any one thing may take before the test gives up.
const PATIENCE: Duration = Duration::from_secs(60);

/// A headless Chromium with one page, spoken to over the DevTools websocket.
struct Browser {
    child: Child,
    profile: PathBuf,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
    /// Events received while waiting for answers (console messages, requests, exceptions).
    events: Vec<Value>,
}

impl Browser {
    /// Starts the browser with a fresh profile and opens a blank page.
    fn launch(work: &Path) -> Browser {
        let program = std::env::var("RECESS_CHROMIUM").unwrap_or_else(|_| "chromium".into());
        let profile = work.join(format!("profile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).unwrap();
        let mut child = Command::new(&program)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--remote-debugging-port=0",
                "--remote-allow-origins=*",
                "--window-size=1000,900",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("could not start {program}: {e} (apt-get install chromium)")
            });
        // The browser says where its DevTools listen on standard error.
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    let _ = tx.send(url.trim().to_string());
                }
            }
        });
        let url = rx.recv_timeout(PATIENCE).unwrap_or_else(|_| {
            let _ = child.kill();
            panic!("{program} did not open its DevTools port")
        });
        let (socket, _) = tungstenite::connect(url.as_str()).unwrap();
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream.set_read_timeout(Some(PATIENCE)).unwrap();
        }
        let mut browser = Browser {
            child,
            profile,
            socket,
            session: String::new(),
            next_id: 0,
            events: Vec::new(),
        };
        let target = browser.browser_call("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().unwrap().to_string();
        let attached = browser.browser_call(
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        for domain in [
            "Runtime.enable",
            "Log.enable",
            "Page.enable",
            "Network.enable",
        ] {
            browser.call(domain, json!({}));
        }
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1000, "height": 900, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser.call(
            "Emulation.setFocusEmulationEnabled",
            json!({"enabled": true}),
        );
        browser
    }

    /// Sends a command (to the page's session when `session` is set) and waits for its answer,
    /// keeping the events that arrive meanwhile.
    fn send(&mut self, method: &str, params: Value, session: bool) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if session {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .unwrap();
        let deadline = Instant::now() + PATIENCE;
        loop {
            assert!(Instant::now() < deadline, "{method}: no answer");
            let Message::Text(text) = self.socket.read().unwrap() else {
                continue;
            };
            let answer: Value = serde_json::from_str(text.as_str()).unwrap();
            if answer["id"] == json!(id) {
                assert!(answer.get("error").is_none(), "{method}: {answer}");
                return answer["result"].clone();
            }
            if answer.get("method").is_some() {
                self.events.push(answer);
            }
        }
    }

    fn browser_call(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, false)
    }

    fn call(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, true)
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        assert!(
            result.get("exceptionDetails").is_none(),
            "{expression}: {result}"
        );
        result["result"]["value"].clone()
    }

    /// Opens `page` and waits until its script has shown the first step.
    fn open(&mut self, page: &Path) {
        let url = format!("file://{}", page.canonicalize().unwrap().display());
        self.call("Page.navigate", json!({"url": url}));
        let deadline = Instant::now() + PATIENCE;
        while self.eval("document.readyState === 'complete' && document.body.dataset.step === '0'")
            != json!(true)
        {
            assert!(Instant::now() < deadline, "{url} did not load");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Presses and releases a key.
    fn press(&mut self, key: &str, code: u32) {
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key,
                       "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}),
            );
        }
    }

    /// What the page shows now: the step, the move, the narration's lines and the picture.
    fn shown(&mut self) -> (u64, String, usize, String) {
        let state = self.eval(
            "JSON.stringify([Number(document.body.dataset.step), \
             document.getElementById('notation').textContent, \
             document.getElementById('narration').children.length, \
             document.getElementById('picture').innerHTML])",
        );
        let (step, notation, lines, picture): (u64, String, usize, String) =
            serde_json::from_str(state.as_str().unwrap()).unwrap();
        (step, notation, lines, picture)
    }

    /// Saves a screenshot of the page as a PNG file.
    fn screenshot(&mut self, path: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let png = base64_decode(shot["data"].as_str().unwrap());
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        std::fs::write(path, png).unwrap();
    }

    /// The console errors, uncaught exceptions and fetches of anything but the page so far.
    fn complaints(&mut self, page: &Path) -> Vec<String> {
        let page_url = format!("file://{}", page.canonicalize().unwrap().display());
        let mut out = Vec::new();
        for event in self.events.drain(..) {
            let params = &event["params"];
            match event["method"].as_str().unwrap_or_default() {
                "Runtime.exceptionThrown" => out.push(format!("exception: {params}")),
                "Runtime.consoleAPICalled"
                    if matches!(
                        params["type"].as_str(),
                        Some("error" | "warning" | "assert")
                    ) =>
                {
                    out.push(format!("console: {params}"))
                }
                "Log.entryAdded" if params["entry"]["level"] == json!("error") => {
                    out.push(format!("log: {params}"))
                }
                "Network.requestWillBeSent" => {
                    let url = params["request"]["url"].as_str().unwrap_or_default();
                    if url != page_url && url != "about:blank" {
                        out.push(format!("fetched {url}"));
                    }
                }
                _ => {}
            }
        }
        out
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.socket.close(None);
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64 (what DevTools sends screenshots in).
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let bits = chunk
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &d)| acc | u32::from(d) << (18 - 6 * i));
        out.extend_from_slice(&bits.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// The record's moves as the page should show them: one joint action per step, in seat order.
fn expected_moves(record_json: &str) -> Vec<String> {
    let record: Value = serde_json::from_str(record_json).unwrap();
    let actions: Vec<String> = record["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    let width = if record["game"] == json!("duel") {
        2
    } else {
        1
    };
    actions.chunks(width).map(|joint| joint.join(" ")).collect()
}

#[test]
#[ignore = "needs Debian's chromium: cargo test --test replay_browser -- --ignored"]
fn replay_pages_step_in_a_real_browser() {
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("replay-browser");
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("replay-screenshots");
    std::fs::create_dir_all(&work).unwrap();
    std::fs::create_dir_all(&shots).unwrap();
    let mut browser = Browser::launch(&work);
    let games = recess::games::replay_games();
    for (game, seed, view) in [
        ("tictactoe", 1, View::Everything),
        ("duel", 1, View::Everything),
        ("big-two", 2, View::Everything),
        ("life-go", 2, View::Everything),
        ("scoundrel", 1, View::Seat(0)),
    ] {
        let record = games.sample(game, seed).unwrap();
        let page = work.join(format!("{game}.html"));
        let replay = games.replay(&record, view).unwrap();
        std::fs::write(&page, replay.to_html()).unwrap();
        // The page writes each move as people read it (Big Two's 4♣ where the record stores
        // 4c), one step per move of the record.
        let moves: Vec<String> = replay.steps[1..]
            .iter()
            .map(|s| s.notation.clone())
            .collect();
        assert_eq!(moves.len(), expected_moves(&record).len(), "{game}");
        browser.open(&page);

        let (step, notation, lines, mut picture) = browser.shown();
        assert_eq!((step, notation.as_str()), (0, "(the start)"), "{game}");
        assert!(
            lines > 0 && picture.starts_with("<svg"),
            "{game}: the start"
        );
        let wide = matches!(game, "big-two" | "life-go");
        if wide {
            browser.screenshot(&shots.join(format!("{game}-first.png")));
        }
        for (i, expected) in moves.iter().enumerate() {
            browser.press("ArrowRight", 39);
            let (step, notation, lines, now) = browser.shown();
            assert_eq!(step, i as u64 + 1, "{game}: the arrow key steps");
            assert_eq!(
                &notation, expected,
                "{game}: step {step} shows the record's move"
            );
            assert!(lines > 0, "{game}: step {step} tells what happened");
            assert_ne!(now, picture, "{game}: step {step}: the picture changed");
            picture = now;
        }
        // At the end the arrow key stays; the left arrow and Home go back.
        browser.press("ArrowRight", 39);
        assert_eq!(
            browser.shown().0,
            moves.len() as u64,
            "{game}: stays at the end"
        );
        if wide {
            browser.screenshot(&shots.join(format!("{game}-last.png")));
        }
        browser.press("ArrowLeft", 37);
        assert_eq!(
            browser.shown().0,
            moves.len() as u64 - 1,
            "{game}: back a step"
        );
        browser.press("Home", 36);
        assert_eq!(browser.shown().0, 0, "{game}: Home");
        let complaints = browser.complaints(&page);
        assert!(complaints.is_empty(), "{game}: {complaints:#?}");
    }
}

#[test]
fn base64_decodes() {
    assert_eq!(base64_decode("aGVsbG8="), b"hello");
    assert_eq!(base64_decode("aGk="), b"hi");
    assert_eq!(base64_decode("YWJj"), b"abc");
}
