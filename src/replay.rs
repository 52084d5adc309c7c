//! Replay pages (feature `svg`): a saved game's [`Record`] as one self-contained HTML file, every
//! step drawn as SVG, stepped through with buttons or the arrow keys, with each move's notation
//! and what happened in words. No server, no network, no external script: the page works
//! offline in any browser (its content security policy forbids loading anything).
//!
//! ```
//! use recess::game_core::Record;
//! use recess::game_core::svg::View;
//! use recess::replay;
//! use recess::tictactoe::{Config, TicTacToe};
//!
//! let mut record = Record::<TicTacToe>::new(Config::default(), 0);
//! record.actions = ["5", "1", "9"].iter().map(|c| c.parse()).collect::<Result<_, _>>()?;
//! let json = serde_json::to_string(&record)?;
//!
//! let replay = replay::Replay::from_json(&json, View::Everything)?;
//! assert_eq!(replay.steps.len(), 4); // the start and three moves
//! assert_eq!(replay.steps[2].notation, "1");
//! assert_eq!(replay.steps[2].narration, ["O plays 1."]);
//! let page = replay.to_html();
//! assert!(page.starts_with("<!DOCTYPE html>") && page.contains("ArrowRight"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write;

use serde::Serialize;

use big_two_reversal::{BigTwo, Event as BigTwoEvent};
use duel_rules::Duel;
use game_core::svg::{ToSvg, View};
use game_core::{Game, PlayerResult, Record, Roster, Turn, derive_seed, play};
use life_go::{LifeGo, MoveReport};
use scoundrel::{Action as ScoundrelAction, MONSTERS, Scoundrel, WEAPONS};
use tictactoe::{Outcome, TicTacToe};

/// One step of a replay: the move that led to it, what happened, and the picture after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The move in the game's notation, as the record stores it (a joint action's moves
    /// separated by spaces, in seat order: `shoot block`; Big Two's cards in ASCII, `3c 3h`);
    /// empty for the start.
    pub notation: String,
    /// What happened, sentence by sentence, as the terminal examples tell it.
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

/// Why a record could not be replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The text is not a record: not JSON, or not a record of the game it names.
    #[error("not a record: {0}")]
    Json(#[from] serde_json::Error),
    /// The record names a game this package does not know.
    #[error(
        "the record is of the game {0:?}; known games: tictactoe, duel, big-two, life-go, scoundrel"
    )]
    UnknownGame(String),
    /// The game refused its configuration or a move.
    #[error("{0}")]
    Game(String),
    /// The view asks for a seat the game does not have.
    #[error(transparent)]
    Seat(#[from] game_core::NoSuchSeat),
}

/// Narration: what the terminal examples say about the start, each move and the end.
trait Narrate: Game + ToSvg {
    /// What is said at the start.
    fn opening(_state: &Self) -> Vec<String> {
        vec!["The start.".to_string()]
    }

    /// What `joint` did, from `before` to `after`.
    fn narrate(before: &Self, joint: &[Self::Action], after: &Self) -> Vec<String>;

    /// What is said once the game is over.
    fn closing(state: &Self) -> Vec<String>;
}

/// `text` with its first letter in capitals.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl Narrate for TicTacToe {
    fn narrate(before: &Self, joint: &[Self::Action], _after: &Self) -> Vec<String> {
        let mark = before.to_move().map_or("?".to_string(), |m| m.to_string());
        joint
            .iter()
            .map(|cell| format!("{mark} plays {cell}."))
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        match state.outcome() {
            Some(Outcome::Winner(mark)) => {
                vec![format!("{mark} wins with {}!", state.winning_cells())]
            }
            Some(Outcome::Draw) => vec!["It's a draw.".to_string()],
            None => Vec::new(),
        }
    }
}

impl Narrate for Duel {
    fn narrate(before: &Self, joint: &[Self::Action], _after: &Self) -> Vec<String> {
        let mut lines = Vec::new();
        for (p, action) in joint.iter().enumerate() {
            let Some(name) = action.name() else {
                continue;
            };
            let rules = before.rules();
            let chinese = rules
                .index_of(name)
                .map(|i| rules.moves()[i].chinese.clone())
                .unwrap_or_default();
            let described = match action.target() {
                Some(t) => format!("{name} ({chinese}) at player {}", t + 1),
                None => format!("{name} ({chinese})"),
            };
            lines.push(format!("Player {} plays {described}.", p + 1));
        }
        let mut replayed = before.clone();
        match replayed.play_round(joint) {
            Ok(round) if round.events.is_empty() => lines.push("Nothing happens.".to_string()),
            Ok(round) => lines.extend(
                round
                    .events
                    .iter()
                    .map(|e| format!("{}.", capitalise(&e.to_string()))),
            ),
            Err(e) => lines.push(format!("(the round was refused: {e})")),
        }
        lines
    }

    fn closing(state: &Self) -> Vec<String> {
        let mut lines = vec![format!("Game over after {} rounds.", state.round())];
        for p in 0..state.num_players() {
            let verdict = match state.result(p) {
                Some(PlayerResult::Win) => "wins",
                Some(PlayerResult::Draw) => "draws",
                Some(PlayerResult::Loss) => "loses",
                None => continue,
            };
            lines.push(format!("Player {} {verdict}.", p + 1));
        }
        lines
    }

    fn opening(_state: &Self) -> Vec<String> {
        vec!["The start: every round, everyone chooses a move at once.".to_string()]
    }
}

impl Narrate for BigTwo {
    fn opening(state: &Self) -> Vec<String> {
        match state.turn() {
            Turn::Player(leader) => vec![format!(
                "The deal. Player {} holds 3♣ and leads; the first play must contain it.",
                leader + 1
            )],
            _ => vec!["The deal.".to_string()],
        }
    }

    fn narrate(before: &Self, _joint: &[Self::Action], after: &Self) -> Vec<String> {
        let Some(played) = after.history().last() else {
            return Vec::new();
        };
        BigTwoEvent::of_move(before.table(), played, after.table())
            .iter()
            .map(|event| format!("{}.", capitalise(&event.to_string())))
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        let places: Vec<String> = state
            .table()
            .finish_order()
            .enumerate()
            .map(|(i, seat)| {
                format!(
                    "{} player {} ({:+})",
                    ["1st", "2nd", "3rd", "4th"][i.min(3)],
                    seat + 1,
                    state.returns(seat)
                )
            })
            .collect();
        vec![format!("Game over. Places: {}.", places.join(", "))]
    }
}

impl Narrate for LifeGo {
    fn opening(_state: &Self) -> Vec<String> {
        vec!["The setup: Black moves first.".to_string()]
    }

    /// As the terminal tells it: the whole list of changes when short, the counts when long.
    fn narrate(before: &Self, _joint: &[Self::Action], after: &Self) -> Vec<String> {
        let Some(report) = MoveReport::new(before, after) else {
            return Vec::new();
        };
        let tick = &report.tick;
        let text = if tick.born.len() + tick.died.len() + tick.turned.len() > 8 {
            format!("{report:#}")
        } else {
            report.to_string()
        };
        vec![format!("{}.", capitalise(&text))]
    }

    fn closing(state: &Self) -> Vec<String> {
        state
            .outcome()
            .map(|outcome| vec![format!("Game over: {outcome}.")])
            .unwrap_or_default()
    }
}

impl Narrate for Scoundrel {
    fn opening(_state: &Self) -> Vec<String> {
        vec!["The first Room is dealt.".to_string()]
    }

    fn narrate(before: &Self, joint: &[Self::Action], _after: &Self) -> Vec<String> {
        let t = before.table();
        joint
            .iter()
            .map(|&action| {
                let words = match action {
                    ScoundrelAction::Avoid => "avoid the Room".to_string(),
                    ScoundrelAction::FaceWithWeapon(c) => {
                        format!("fight {c} with the weapon ({})", cost(t.damage(c, true)))
                    }
                    ScoundrelAction::Face(c) if MONSTERS.contains(c) => {
                        format!("fight {c} barehanded ({})", cost(t.damage(c, false)))
                    }
                    ScoundrelAction::Face(c) if WEAPONS.contains(c) => format!("equip {c}"),
                    ScoundrelAction::Face(c) if t.potion_used() => {
                        format!("drink {c} (a second potion: no effect)")
                    }
                    ScoundrelAction::Face(c) => format!("drink {c}"),
                };
                format!("{}.", capitalise(&words))
            })
            .collect()
    }

    fn closing(state: &Self) -> Vec<String> {
        let score = state.score().unwrap_or(0);
        let score = if score < 0 {
            format!("−{}", score.unsigned_abs())
        } else {
            score.to_string()
        };
        if state.table().is_won() {
            vec![format!(
                "Through the Dungeon alive, with a score of {score}."
            )]
        } else {
            vec![format!("Killed in the Dungeon, with a score of {score}.")]
        }
    }
}

/// A fight's cost in health: `−9`, or `no damage` for a free kill.
fn cost(damage: i32) -> String {
    if damage == 0 {
        "no damage".to_string()
    } else {
        format!("−{damage}")
    }
}

/// The JSON record of a game of `G` between the agents `lineup` (one name per seat, see
/// [`Roster`]), from `seed`.
fn sample_of<G: Roster>(lineup: &[&str], seed: u64) -> Result<String, ReplayError> {
    let mut agents = lineup
        .iter()
        .enumerate()
        .map(|(seat, name)| G::agent(name, derive_seed(seed, seat as u64)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ReplayError::Game(e.to_string()))?;
    let played = play::<G, _>(G::Config::default(), seed, &mut agents)
        .map_err(|e| ReplayError::Game(e.to_string()))?;
    Ok(serde_json::to_string(played.record())?)
}

/// The record (as JSON) of a game of `game` (`tictactoe`, `duel`, `big-two`, `life-go` or
/// `scoundrel`) played from `seed` by the game's AIs: `perfect` against `heuristic`,
/// `equilibrium` against `dice`, four `ai3`s, `eval` against `random`, and `greedy`. For trying
/// the pages without a saved game.
///
/// ```
/// use recess::game_core::svg::View;
/// use recess::replay::{Replay, sample_record};
///
/// let json = sample_record("life-go", 3)?;
/// let replay = Replay::from_json(&json, View::Everything)?;
/// assert!(replay.steps.len() > 1);
/// assert!(replay.steps[1].narration[0].starts_with("Black drops on"));
/// # Ok::<(), recess::replay::ReplayError>(())
/// ```
pub fn sample_record(game: &str, seed: u64) -> Result<String, ReplayError> {
    match game {
        TicTacToe::NAME => sample_of::<TicTacToe>(&["perfect", "heuristic"], seed),
        Duel::NAME => sample_of::<Duel>(&["equilibrium", "dice"], seed),
        BigTwo::NAME => sample_of::<BigTwo>(&["ai3"; 4], seed),
        LifeGo::NAME => sample_of::<LifeGo>(&["eval", "random"], seed),
        Scoundrel::NAME => sample_of::<Scoundrel>(&["greedy"], seed),
        _ => Err(ReplayError::UnknownGame(game.to_string())),
    }
}

/// An action as the record stores it (the text of its serde form, `3c 3h` for Big Two, where
/// `Display` writes `3♣ 3♥`), so that the page shows what the file says.
fn as_stored<A: serde::Serialize + std::fmt::Display>(action: &A) -> String {
    match serde_json::to_value(action) {
        Ok(serde_json::Value::String(text)) => text,
        _ => action.to_string(),
    }
}

/// Every step of `record`, drawn for `view`.
fn steps_of<G: Narrate>(record: &Record<G>, view: View) -> Result<Vec<Step>, ReplayError> {
    let mut state = G::new(record.config.clone(), record.seed)
        .map_err(|e| ReplayError::Game(format!("the configuration was refused: {e}")))?;
    if let View::Seat(seat) = view {
        game_core::NoSuchSeat::check(&state, seat)?;
    }
    let mut steps = vec![Step {
        notation: String::new(),
        narration: G::opening(&state),
        svg: state.to_svg(view),
    }];
    let mut index = 0;
    while index < record.actions.len() {
        let width = match state.turn() {
            Turn::Simultaneous => state.num_players(),
            Turn::Player(_) => 1,
            Turn::Over => {
                return Err(ReplayError::Game(format!(
                    "the record goes on after the end, at action {index}"
                )));
            }
        };
        let Some(joint) = record.actions.get(index..index + width) else {
            return Err(ReplayError::Game(format!(
                "the record ends in the middle of a joint action at action {index}"
            )));
        };
        let before = state.clone();
        let notation = joint.iter().map(as_stored).collect::<Vec<_>>().join(" ");
        state.apply_joint(joint).map_err(|e| {
            ReplayError::Game(format!("action {index} ({notation}) was refused: {e}"))
        })?;
        let mut narration = G::narrate(&before, joint, &state);
        if state.turn() == Turn::Over {
            narration.extend(G::closing(&state));
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

/// The replay of the record `value` of the game `G`.
fn replay_of<G: Narrate>(value: serde_json::Value, view: View) -> Result<Replay, ReplayError> {
    let record: Record<G> = serde_json::from_value(value)?;
    Ok(Replay {
        game: G::NAME.to_string(),
        seed: record.seed,
        view,
        steps: steps_of(&record, view)?,
    })
}

impl Replay {
    /// Replays a record of any recess game, read from its JSON (the form every game's
    /// [`Record`] serialises to), drawing every step for `view`.
    pub fn from_json(json: &str, view: View) -> Result<Replay, ReplayError> {
        let value: serde_json::Value = serde_json::from_str(json)?;
        let Some(game) = value.get("game").and_then(serde_json::Value::as_str) else {
            return Err(ReplayError::Json(serde::de::Error::custom(
                "it has no \"game\" field; a record holds the game, its config, its seed and \
                 its actions (a saved state is not a record)",
            )));
        };
        let game = game.to_string();
        match game.as_str() {
            TicTacToe::NAME => replay_of::<TicTacToe>(value, view),
            Duel::NAME => replay_of::<Duel>(value, view),
            BigTwo::NAME => replay_of::<BigTwo>(value, view),
            LifeGo::NAME => replay_of::<LifeGo>(value, view),
            Scoundrel::NAME => replay_of::<Scoundrel>(value, view),
            _ => Err(ReplayError::UnknownGame(game)),
        }
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
figure { margin: 0; }
figure svg { max-width: 100%; height: auto; border: 1px solid #ddd; background: #fff; }
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
  let at = 0;
  function show(index) {
    at = Math.max(0, Math.min(steps.length - 1, index));
    const step = steps[at];
    picture.innerHTML = step.svg;
    notation.textContent = step.notation === "" ? "(the start)" : step.notation;
    narration.replaceChildren(...step.narration.map(function (line) {
      const item = document.createElement("li");
      item.textContent = line;
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

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{Agent, RandomAgent};

    fn json_of<G: Game>(record: &Record<G>) -> String {
        serde_json::to_string(record).unwrap()
    }

    #[test]
    fn every_game_replays_step_by_step() {
        let mut ttt = [RandomAgent::new(1), RandomAgent::new(2)];
        let played = play::<TicTacToe, _>(Default::default(), 3, &mut ttt).unwrap();
        let replay = Replay::from_json(&json_of(played.record()), View::Everything).unwrap();
        assert_eq!(replay.steps.len(), played.record().actions.len() + 1);
        assert!(replay.steps.iter().all(|s| s.svg.starts_with("<svg")));

        let mut duel: Vec<Box<dyn Agent<Duel>>> =
            vec![Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
        let played = play::<Duel, _>(Default::default(), 3, &mut duel).unwrap();
        let replay = Replay::from_json(&json_of(played.record()), View::Seat(0)).unwrap();
        // Two actions a round.
        assert_eq!(replay.steps.len(), played.record().actions.len() / 2 + 1);
        let last = replay.steps.last().unwrap();
        assert!(
            last.narration
                .iter()
                .any(|l| l.starts_with("Game over after"))
        );
        assert_eq!(last.notation.split(' ').count(), 2);
    }

    #[test]
    fn closings_read_as_sentences_with_minus_signs() {
        let mut lone = [RandomAgent::new(4)];
        let played = play::<Scoundrel, _>(Default::default(), 1, &mut lone).unwrap();
        assert!(!played.state().table().is_won());
        let closing = Scoundrel::closing(played.state()).join(" ");
        assert!(
            closing.starts_with("Killed in the Dungeon, with a score of −"),
            "{closing}"
        );
        assert!(!closing.contains('-'), "{closing}");
        let mut pair = [RandomAgent::new(1), RandomAgent::new(2)];
        let config = life_go::Config::square(9);
        let played = play::<LifeGo, _>(config, 3, &mut pair).unwrap();
        let closing = LifeGo::closing(played.state()).join(" ");
        assert!(closing.starts_with("Game over: "), "{closing}");
        assert_eq!(closing.matches(':').count(), 1, "{closing}");
    }

    #[test]
    fn bad_records_are_refused_with_reasons() {
        assert!(matches!(
            Replay::from_json("{", View::Everything),
            Err(ReplayError::Json(_))
        ));
        assert!(matches!(
            Replay::from_json(r#"{"game":"chess"}"#, View::Everything),
            Err(ReplayError::UnknownGame(name)) if name == "chess"
        ));
        let mut taken_twice = Record::<TicTacToe>::new(Default::default(), 0);
        taken_twice.actions = vec!["5".parse().unwrap(), "5".parse().unwrap()];
        let refused = Replay::from_json(&json_of(&taken_twice), View::Everything).unwrap_err();
        assert!(
            refused.to_string().contains("action 1 (5) was refused"),
            "{refused}"
        );
        let mut half_a_round = Record::<Duel>::new(Default::default(), 0);
        half_a_round.actions = vec!["charge".parse().unwrap()];
        let refused = Replay::from_json(&json_of(&half_a_round), View::Everything).unwrap_err();
        assert!(
            refused.to_string().contains("middle of a joint action"),
            "{refused}"
        );
    }

    #[test]
    fn the_page_keeps_its_script_whole() {
        let replay = Replay {
            game: "tictactoe".to_string(),
            seed: 1,
            view: View::Everything,
            steps: vec![Step {
                notation: "</script><script>alert(1)</script>".to_string(),
                narration: vec!["<b>".to_string()],
                svg: "<svg></svg>".to_string(),
            }],
        };
        let page = replay.to_html();
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(page.contains("<\\/script>"));
    }
}
