//! # game-replay
//!
//! Replay pages: a saved game's [`Record`] as one self-contained HTML file, every step drawn as
//! SVG ([`ToSvg`]), stepped through with buttons or the arrow keys, with each move's notation and
//! what happened in words where the game narrates ([`game_core::Narrate`]). No server, no network,
//! no external script: the page works offline in any browser (its content security policy
//! forbids loading anything). Any game that draws itself gets pages: [`Replay::of`] takes its
//! record, [`Games`] reads records of several games from their JSON, and [`cli`] is a whole
//! command line.
//!
//! ```
//! use game_core::Record;
//! use game_core::svg::View;
//! use game_replay::Replay;
//! use game_testkit::Nim;
//!
//! let mut record = Record::<Nim>::new((), 0);
//! record.actions = vec![3, 1];
//! let replay = Replay::of(&record, View::Everything)?;
//! assert_eq!(replay.steps.len(), 3); // the start and two moves
//! assert_eq!(replay.steps[1].notation, "3");
//! assert!(replay.steps[1].narration[0].starts_with("Player 1 takes 3, leaving "));
//! let page = replay.to_html();
//! assert!(page.starts_with("<!DOCTYPE html>") && page.contains("ArrowRight"));
//! # Ok::<(), game_replay::PageError>(())
//! ```

use std::fmt::Write;

use game_core::svg::{ToSvg, View};
use game_core::{Declared, Implemented, NoSuchSeat, Record, Turn};
use serde::Serialize;

pub mod cli;
mod games;

pub use games::Games;

/// One step of a replay: the move that led to it, what happened, and the picture after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The move in the game's notation, as people read it (a joint action's moves separated
    /// by spaces, in seat order: `shoot block`); empty for the start.
    pub notation: String,
    /// What happened, sentence by sentence, as the game narrates it.
    pub narration: Vec<String>,
    /// The state after the move, drawn.
    pub svg: String,
}

/// A whole game, step by step, ready to be written as a page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The game's name, as records store it (`big-two`).
    pub game: String,
    /// The seed the record was played from.
    pub seed: u64,
    /// Whose eyes the pictures are drawn for.
    pub view: View,
    /// The start, then one step per move (per round, for simultaneous moves).
    pub steps: Vec<Step>,
}

/// Why a record could not be made a page.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// The text is not a record: not JSON, or not a record of the game it names.
    #[error("not a record: {0}")]
    Json(#[from] serde_json::Error),
    /// The record names a game the reader does not know.
    #[error("the record is of the game {game:?}; known games: {}", known.join(", "))]
    UnknownGame {
        /// The name the record gives.
        game: String,
        /// The games the reader knows.
        known: Vec<&'static str>,
    },
    /// The game refused its configuration or a move.
    #[error("{0}")]
    Game(String),
    /// The view asks for a seat the game does not have.
    #[error(transparent)]
    Seat(#[from] NoSuchSeat),
}

impl Replay {
    /// Every step of `record`, drawn for `view`, narrated where the game narrates (else each move
    /// is told as `Player N plays X.`).
    pub fn of<G: Declared + ToSvg>(record: &Record<G>, view: View) -> Result<Replay, PageError> {
        Ok(Replay {
            game: G::NAME.to_string(),
            seed: record.seed,
            view,
            steps: steps_of(record, view)?,
        })
    }

    /// The replay of a record of `G` read from its JSON (the form [`Record`] serialises to).
    pub fn from_json<G: Declared + ToSvg>(json: &str, view: View) -> Result<Replay, PageError> {
        Games::new().with::<G>().replay(json, view)
    }

    /// The page: one HTML document holding every step, its pictures inline, a small script
    /// that shows one step at a time (buttons, the arrow keys, Home and End), and nothing it
    /// needs from elsewhere.
    pub fn to_html(&self) -> String {
        let seen = match self.view {
            View::Everything => "everything shown".to_string(),
            View::Seat(seat) => format!("as player {} sees it", seat.saturating_add(1)),
        };
        let title = format!("{} replay · seed {} · {seen}", self.game, self.seed);
        // Inside a script element only `</` could end it early; `<\/` means the same in JSON.
        let steps = serde_json::to_string(&self.steps)
            .unwrap_or_else(|_| "[]".to_string())
            .replace("</", "<\\/");
        let mut page = String::with_capacity(steps.len() + 4096);
        let _ = write!(
            page,
            r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{STYLE}</style>
</head>
<body>
<header><h1>{title}</h1></header>
<nav>
<button type="button" id="first" title="first step (Home)">&#x00AB; first</button>
<button type="button" id="back" title="step back (&#x2190;)">&#x2039; back</button>
<span id="counter" aria-live="polite"></span>
<button type="button" id="next" title="next step (&#x2192;)">next &#x203A;</button>
<button type="button" id="last" title="last step (End)">last &#x00BB;</button>
</nav>
<p class="hint">Step with the arrow keys &#x2190; &#x2192;; Home and End jump to the start and the end.</p>
<section id="move"><span class="label">move</span> <code id="notation"></code></section>
<ol id="narration"></ol>
<figure id="picture"></figure>
<script type="application/json" id="steps">{steps}</script>
<script>{SCRIPT}</script>
</body>
</html>
"#,
            title = game_core::svg::escape(&title),
        );
        page
    }
}

/// The page's look: readable in light and dark surroundings, the picture as large as fits.
const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 1rem auto; max-width: 960px; padding: 0 1rem;
       color: #222; background: #fafafa; }
h1 { font-size: 1.2rem; }
nav { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
button { font: inherit; padding: 0.3rem 0.8rem; border: 1px solid #888; border-radius: 6px;
         background: #fff; cursor: pointer; }
button:disabled { opacity: 0.4; cursor: default; }
#counter { min-width: 9rem; text-align: center; font-variant-numeric: tabular-nums; }
.hint { color: #666; font-size: 0.85rem; }
#move { margin: 0.5rem 0; }
#move .label { color: #666; }
#notation { font-size: 1.1rem; font-weight: bold; }
#narration { margin: 0.3rem 0 0.8rem; padding-left: 1.2rem; min-height: 1.2em; }
figure { margin: 0; overflow-x: auto; }
figure svg { max-width: 100%; height: auto; border: 1px solid #ddd; background: #fff; }
.no-cjk .zh { display: none; }
";

/// Shows one step at a time; `window.replay` lets tests and curious readers look in.
const SCRIPT: &str = r#"
"use strict";
(function () {
  const steps = JSON.parse(document.getElementById("steps").textContent);
  const picture = document.getElementById("picture");
  const notation = document.getElementById("notation");
  const narration = document.getElementById("narration");
  const counter = document.getElementById("counter");
  const buttons = {
    first: document.getElementById("first"),
    back: document.getElementById("back"),
    next: document.getElementById("next"),
    last: document.getElementById("last"),
  };
  // The narrowest a picture is drawn, in CSS pixels: narrower, its text is past reading.
  const READABLE = 600;
  // Chinese names stand beside English ones; without a font for them they would be boxes, so
  // they are put in spans that are hidden when the glyphs cannot be drawn.
  const HAN = /( ?\([\u2e80-\u9fff\uf900-\ufaff]+\)|[\u2e80-\u9fff\uf900-\ufaff]+ ?)/;
  function chinese(text) {
    return text.split(HAN).filter(function (part) { return part !== ""; }).map(function (part) {
      if (!HAN.test(part)) {
        return document.createTextNode(part);
      }
      const span = document.createElement("span");
      span.className = "zh";
      span.lang = "zh-Hant";
      span.textContent = part;
      return span;
    });
  }
  // A glyph drawn like a code point no font has (a private-use one) is a missing glyph's box.
  function drawsHan() {
    try {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 32;
      const pen = canvas.getContext("2d");
      const ink = function (text) {
        pen.clearRect(0, 0, 32, 32);
        pen.font = "24px " + getComputedStyle(document.body).fontFamily;
        pen.fillText(text, 2, 26);
        return pen.getImageData(0, 0, 32, 32).data.join(",");
      };
      return ink("\u6c23") !== ink("\ue000");
    } catch (e) {
      return false;
    }
  }
  document.documentElement.classList.toggle("no-cjk", !drawsHan());
  let at = 0;
  function show(index) {
    at = Math.max(0, Math.min(steps.length - 1, index));
    const step = steps[at];
    picture.innerHTML = step.svg;
    notation.textContent = step.notation === "" ? "(the start)" : step.notation;
    // On a narrow screen the picture keeps a readable width and scrolls sideways.
    const drawn = picture.querySelector("svg");
    if (drawn) {
      drawn.style.minWidth = Math.min(Number(drawn.getAttribute("width")) || 0, READABLE) + "px";
    }
    narration.replaceChildren(...step.narration.map(function (line) {
      const item = document.createElement("li");
      item.append(...chinese(line));
      return item;
    }));
    counter.textContent = "step " + at + " of " + (steps.length - 1);
    buttons.first.disabled = buttons.back.disabled = at === 0;
    buttons.next.disabled = buttons.last.disabled = at === steps.length - 1;
    document.body.dataset.step = String(at);
  }
  buttons.first.addEventListener("click", function () { show(0); });
  buttons.back.addEventListener("click", function () { show(at - 1); });
  buttons.next.addEventListener("click", function () { show(at + 1); });
  buttons.last.addEventListener("click", function () { show(steps.length - 1); });
  document.addEventListener("keydown", function (event) {
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: steps.length - 1 };
    if (event.key in moves && !event.altKey && !event.ctrlKey && !event.metaKey) {
      show(moves[event.key]);
      event.preventDefault();
    }
  });
  window.replay = { steps: steps, show: show, at: function () { return at; } };
  show(0);
})();
"#;

/// Every step of `record`, drawn for `view`.
fn steps_of<G: Declared + ToSvg>(record: &Record<G>, view: View) -> Result<Vec<Step>, PageError> {
    let narrator = Implemented::<G>::of();
    let mut state = G::new(record.config.clone(), record.seed)
        .map_err(|e| PageError::Game(format!("the configuration was refused: {e}")))?;
    if let View::Seat(seat) = view {
        NoSuchSeat::check(&state, seat)?;
    }
    let mut steps = vec![Step {
        notation: String::new(),
        narration: narrator
            .opening(&state)
            .unwrap_or_else(|| vec!["The start.".to_string()]),
        svg: state.to_svg(view),
    }];
    let mut index = 0;
    while index < record.actions.len() {
        let (width, mover) = match state.turn() {
            Turn::Simultaneous => (state.num_players(), None),
            Turn::Player(p) => (1, Some(p)),
            Turn::Over => {
                return Err(PageError::Game(format!(
                    "the record goes on after the end, at action {index}"
                )));
            }
        };
        let Some(joint) = record.actions.get(index..index + width) else {
            return Err(PageError::Game(format!(
                "the record ends in the middle of a joint action at action {index}"
            )));
        };
        let before = state.clone();
        let notation = joint
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        state.apply_joint(joint).map_err(|e| {
            PageError::Game(format!("action {index} ({notation}) was refused: {e}"))
        })?;
        let mut narration =
            narrator
                .narration(&before, joint, &state)
                .unwrap_or_else(|| match mover {
                    Some(p) => vec![format!("Player {} plays {notation}.", p + 1)],
                    None => vec![format!("The players play {notation}.")],
                });
        if state.turn() == Turn::Over {
            narration.extend(narrator.closing(&state).unwrap_or_default());
        }
        steps.push(Step {
            notation,
            narration,
            svg: state.to_svg(view),
        });
        index += width;
    }
    Ok(steps)
}
