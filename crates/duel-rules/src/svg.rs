//! The players drawn in SVG (feature `svg`): health, qi and the last round.

use game_core::svg::{Svg, ToSvg, View, palette};
use game_core::{Game, PlayerResult, Turn};

use crate::action::Action;
use crate::rules::Effect;
use crate::state::{Duel, Round};

/// A player's panel.
const PANEL: f64 = 200.0;
const GAP: f64 = 16.0;
const TOP: f64 = 44.0;
const PANEL_HEIGHT: f64 = 162.0;
/// Room for the longest line about a round.
const MIN_WIDTH: f64 = 560.0;
/// The most lines of the last round told under the panels.
const MOST_LINES: usize = 8;
/// The most qi drawn as dots; more is a number.
const MOST_DOTS: u32 = 10;

/// `text` with its first letter in capitals.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// What a move is, in a few words (`gains 1 qi`, `level 3 · 1 damage · cost 3`), and what
/// else to say about it (`at player 2`, `not blockable`).
fn move_words(game: &Duel, action: &Action) -> (String, String) {
    let rules = game.rules();
    let mut extra = Vec::new();
    if let Some(target) = action.target() {
        extra.push(format!("at player {}", target + 1));
    }
    let Some(m) = action
        .name()
        .and_then(|n| rules.index_of(n))
        .map(|i| &rules.moves()[i])
    else {
        return (String::new(), extra.join(" · "));
    };
    let what = match m.effect {
        Effect::Charge { qi } => format!("gains {qi} qi"),
        Effect::Block => "stops blockable attacks".to_string(),
        Effect::Attack {
            level,
            damage,
            blockable,
        } => {
            if !blockable {
                extra.push("not blockable".to_string());
            }
            format!("level {level} · {damage} damage · cost {}", m.cost)
        }
    };
    (what, extra.join(" · "))
}

impl ToSvg for Duel {
    /// The players side by side, each with health (a bar and the number), qi (dots and the
    /// number), the move they played in the last round (with what it does and, in a
    /// free-for-all, its target) and whether they are out or won; under them, what the last
    /// round did in words, and the round and the rules above. Moves are revealed together, so
    /// between rounds nothing is hidden: every view is the same picture.
    ///
    /// ```
    /// use duel_rules::prelude::*;
    ///
    /// let mut duel = Duel::new(Config::default(), 0)?;
    /// duel.apply_joint(&["shoot".parse()?, "charge".parse()?])?;
    /// let svg = duel.to_svg(View::Everything);
    /// assert!(svg.contains(">shoot</text>"));
    /// assert!(svg.contains("Player 1&apos;s shoot hits player 2 for 1 damage"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, _view: View) -> String {
        let n = self.fighters().len();
        let width = (GAP + (PANEL + GAP) * n as f64).max(MIN_WIDTH);
        let last: Option<Round> = self
            .before_last_round()
            .and_then(|(mut before, joint)| before.play_round(&joint).ok());
        let mut lines: Vec<String> = match &last {
            Some(round) if round.events.is_empty() => vec!["Nothing happens.".to_string()],
            Some(round) => round
                .events
                .iter()
                .map(|e| format!("{}.", capitalise(&e.to_string())))
                .collect(),
            None => Vec::new(),
        };
        if lines.len() > MOST_LINES {
            let more = lines.len() - MOST_LINES + 1;
            lines.truncate(MOST_LINES - 1);
            lines.push(format!("… and {more} more."));
        }
        // Room for the most lines whatever the round said: every picture of a game has one size
        // (it depends only on the number of players), so its frames make a film.
        let height = TOP + PANEL_HEIGHT + 24.0 + 18.0 * MOST_LINES as f64;
        let state = if self.turn() == Turn::Over {
            let standing = self.standing();
            match standing.as_slice() {
                [winner] => format!("player {} wins", winner + 1),
                _ => "a draw".to_string(),
            }
        } else {
            format!("round {}: everyone chooses a move", self.round() + 1)
        };
        let title = format!("零儲 duel ({} rules): {state}", self.rules().name());
        let mut svg = Svg::new(width, height, &title);
        svg.text(GAP, 28.0)
            .attr("font-size", 16)
            .attr("font-weight", "bold")
            .attr("fill", palette::INK)
            .content(&capitalise(&state));
        svg.text(width - GAP, 28.0)
            .attr("text-anchor", "end")
            .attr("font-size", 12)
            .attr("fill", palette::MUTED)
            .content(&format!(
                "{} rules · {} rounds played",
                self.rules().name(),
                self.round()
            ));
        let start_health = self.rules().start_health().max(1);
        for (p, fighter) in self.fighters().iter().enumerate() {
            let x = GAP + (PANEL + GAP) * p as f64;
            let won = self.result(p) == Some(PlayerResult::Win);
            svg.group(x, TOP).attr("class", "player").open();
            svg.rect(0.0, 0.0, PANEL, PANEL_HEIGHT)
                .attr("rx", 10)
                .attr(
                    "fill",
                    if fighter.is_in() {
                        palette::GROUND
                    } else {
                        palette::PAPER
                    },
                )
                .attr("stroke", if won { palette::ORANGE } else { palette::FAINT })
                .attr("stroke-width", if won { 3 } else { 1 });
            svg.text(12.0, 22.0)
                .attr("font-size", 15)
                .attr("font-weight", "bold")
                .attr("fill", palette::INK)
                .content(&format!("player {}", p + 1));
            let badge = match self.result(p) {
                Some(PlayerResult::Win) => Some("wins"),
                Some(PlayerResult::Draw) => Some("draw"),
                _ if !fighter.is_in() => Some("out"),
                _ => None,
            };
            if let Some(badge) = badge {
                svg.text(PANEL - 12.0, 22.0)
                    .attr("text-anchor", "end")
                    .attr("font-size", 13)
                    .attr("font-weight", "bold")
                    .attr("fill", if won { palette::INK } else { palette::MUTED })
                    .content(badge);
            }
            // Health: a bar of the starting health, with the number.
            svg.text(12.0, 46.0)
                .attr("font-size", 12)
                .attr("fill", palette::INK)
                .content(&format!("health {}", fighter.health));
            let bar = 100.0;
            svg.rect(88.0, 36.0, bar, 12.0)
                .attr("rx", 3)
                .attr("fill", palette::PAPER)
                .attr("stroke", palette::MUTED);
            let share = f64::from(fighter.health.min(start_health)) / f64::from(start_health);
            if fighter.health > 0 {
                svg.rect(88.0, 36.0, bar * share, 12.0)
                    .attr("rx", 3)
                    .attr("class", "health")
                    .attr("fill", palette::GREEN);
            }
            // Qi: a dot each, up to ten.
            svg.text(12.0, 70.0)
                .attr("font-size", 12)
                .attr("fill", palette::INK)
                .content(&format!("qi {}", fighter.qi));
            for dot in 0..fighter.qi.min(MOST_DOTS) {
                svg.circle(93.0 + 10.0 * f64::from(dot), 66.0, 4.0)
                    .attr("class", "qi")
                    .attr("fill", palette::SKY)
                    .attr("stroke", palette::BLUE);
            }
            if fighter.qi > MOST_DOTS {
                // Just past the last dot's edge, not on it.
                svg.text(93.0 + 10.0 * f64::from(MOST_DOTS) - 3.0, 70.0)
                    .attr("class", "more-qi")
                    .attr("font-size", 12)
                    .attr("fill", palette::MUTED)
                    .content("+");
            }
            if !fighter.is_in() {
                svg.text(12.0, 94.0)
                    .attr("font-size", 12)
                    .attr("fill", palette::MUTED)
                    .content(&format!("out since round {}", fighter.out_round));
            }
            // The last round's move.
            if let Some(action) = last
                .as_ref()
                .and_then(|round| round.actions.get(p))
                .filter(|a| **a != Action::Out)
            {
                svg.line(12.0, 104.0, PANEL - 12.0, 104.0)
                    .attr("stroke", palette::FAINT);
                svg.text(12.0, 122.0)
                    .attr("font-size", 10)
                    .attr("fill", palette::MUTED)
                    .content("played");
                let name = action.name().map(|m| m.to_string()).unwrap_or_default();
                svg.text(52.0, 123.0)
                    .attr("font-size", 15)
                    .attr("font-weight", "bold")
                    .attr("fill", palette::BLUE)
                    .attr("class", "move")
                    .content(&name);
                let (what, extra) = move_words(self, action);
                for (line, words) in [what, extra].iter().enumerate() {
                    svg.text(12.0, 140.0 + 13.0 * line as f64)
                        .attr("font-size", 10)
                        .attr("fill", palette::MUTED)
                        .content(words);
                }
            }
            svg.close();
        }
        let y = TOP + PANEL_HEIGHT + 24.0;
        if let Some(round) = &last {
            svg.text(GAP, y)
                .attr("font-size", 11)
                .attr("fill", palette::MUTED)
                .content(&format!("round {}:", round.round));
        }
        for (i, line) in lines.iter().enumerate() {
            svg.text(GAP + 64.0, y + 18.0 * i as f64)
                .attr("font-size", 12)
                .attr("fill", palette::INK)
                .attr("class", "event")
                .content(line);
        }
        svg.finish()
    }
}
