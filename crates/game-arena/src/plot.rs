//! The arena's reports drawn (features `arena` and `svg`): each lineup slot's win rate as a bar
//! with its 95% Wilson interval, one panel per report.

use crate::Report;
use game_core::svg::{Svg, palette};

/// The drawing's width.
const WIDTH: f64 = 760.0;
/// The space around everything.
const MARGIN: f64 = 16.0;
/// The document's heading.
const TITLE: f64 = 36.0;
/// A panel's heading: the game, the lineup, the column headings.
const HEADER: f64 = 60.0;
/// One lineup slot.
const ROW: f64 = 26.0;
/// The scale under the rows and its label.
const AXIS: f64 = 40.0;
/// The line of results by player, under the scale.
const BY_PLAYER: f64 = 18.0;
/// The space between panels.
const GAP: f64 = 18.0;
/// Where the bars start, and their full length (a win rate of 100%).
const BAR_X: f64 = 230.0;
const BAR_WIDTH: f64 = 280.0;
/// A bar's thickness.
const BAR: f64 = 14.0;
/// Where the numbers start.
const NUMBERS_X: f64 = BAR_X + BAR_WIDTH + 14.0;
/// The most characters of an agent's name shown before `…`.
const NAME: usize = 26;

/// The arena's `reports` drawn as one SVG document: a panel per report (a game and a lineup)
/// with a bar per lineup slot for its win rate, whiskers for its 95% Wilson interval, the
/// numbers beside them, and under the scale the results by player. The mean return is shown
/// where it says more than the wins and losses do: when some slot's returns are not just +1 a
/// win, −1 a loss and 0 a draw (Big Two's places, Scoundrel's score). Slots and players are
/// numbered from 1, as the arena's table numbers players. Each panel names its game, lineup,
/// games and seed, so that the picture stands alone. The same reports give the same bytes.
///
/// ```
/// use game_arena::{self as arena, AgentResult, Report};
///
/// // A one-player game's report, as `arena::run` gives it: 12 of 20 deals won.
/// let report = Report {
///     game: "solitaire".into(),
///     lineup: vec!["greedy".into()],
///     games: 20,
///     seed: 7,
///     shard: None,
///     rules: None,
///     results: vec![AgentResult {
///         agent: "greedy".into(),
///         games: 20,
///         wins: 12,
///         draws: 0,
///         losses: 8,
///         mean_return: 6.5,
///         total_return: 130.0,
///         win_rate: 0.6,
///         ci95: arena::wilson_interval(12, 20, 1.96),
///     }],
///     by_seat: Vec::new(),
/// };
/// let picture = arena::plot(&[report]);
/// assert!(picture.starts_with("<svg"));
/// assert!(picture.contains("solitaire · 20 games · seed 7"));
/// assert!(picture.contains("60.0% [38.7, 78.1]"));
/// std::fs::write(std::env::temp_dir().join("arena.svg"), &picture)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn plot(reports: &[Report]) -> String {
    let height = TITLE
        + reports
            .iter()
            .map(|report| panel_height(report) + GAP)
            .sum::<f64>()
        + MARGIN;
    let names: Vec<String> = reports
        .iter()
        .map(|r| format!("{} {}", r.game, r.lineup.join(",")))
        .collect();
    let title = if names.is_empty() {
        "Arena: no results".to_string()
    } else {
        format!("Arena: win rates with 95% intervals, {}", names.join("; "))
    };
    let mut svg = Svg::new(WIDTH, height, &title);
    svg.text(MARGIN, 24.0)
        .attr("font-size", 16)
        .attr("font-weight", "bold")
        .attr("fill", palette::INK)
        .content(if reports.is_empty() {
            "Arena: no results"
        } else {
            "Arena: win rate of each lineup slot, with its 95% Wilson interval"
        });
    let mut top = TITLE;
    for report in reports {
        panel(&mut svg, report, top);
        top += panel_height(report) + GAP;
    }
    svg.finish()
}

/// Whether the mean return tells something the wins and losses do not: some slot's mean is not
/// (wins − losses) / games.
fn returns_mean_more(report: &Report) -> bool {
    report.results.iter().any(|r| {
        let games = r.games.max(1) as f64;
        let margin = (r.wins as f64 - r.losses as f64) / games;
        (r.mean_return - margin).abs() > 1e-9
    })
}

/// The height of `report`'s panel.
fn panel_height(report: &Report) -> f64 {
    let by_player = if report.by_seat.len() > 1 {
        BY_PLAYER
    } else {
        0.0
    };
    HEADER + ROW * report.results.len() as f64 + AXIS + by_player
}

/// The x of the win rate `rate` (a fraction, kept within 0 and 1).
fn x_of(rate: f64) -> f64 {
    let rate = if rate.is_finite() {
        rate.clamp(0.0, 1.0)
    } else {
        0.0
    };
    BAR_X + rate * BAR_WIDTH
}

/// `value` with `decimals` decimals and a minus sign (`−0.500`); `?` when it is not a number.
fn number(value: f64, decimals: usize) -> String {
    if value.is_finite() {
        format!("{value:.decimals$}").replace('-', "−")
    } else {
        "?".to_string()
    }
}

/// `name` cut to [`NAME`] characters, with `…` when longer.
fn cut(name: &str) -> String {
    if name.chars().count() <= NAME {
        name.to_string()
    } else {
        let mut short: String = name.chars().take(NAME - 1).collect();
        short.push('…');
        short
    }
}

/// One report's panel, its top at `top`.
fn panel(svg: &mut Svg, report: &Report, top: f64) {
    let shard = report
        .shard
        .map_or(String::new(), |s| format!(" · shard {s}"));
    let games = if report.games == 1 { "game" } else { "games" };
    svg.text(MARGIN, top + 16.0)
        .attr("font-size", 14)
        .attr("font-weight", "bold")
        .attr("fill", palette::INK)
        .content(&format!(
            "{}{} · {} {games} · seed {}{shard}",
            report.game,
            report
                .rules
                .as_ref()
                .map_or(String::new(), |r| format!(" ({r} rules)")),
            report.games,
            report.seed
        ));
    svg.text(MARGIN, top + 33.0)
        .attr("font-size", 12)
        .attr("fill", palette::MUTED)
        .content(&format!("lineup {}", report.lineup.join(",")));
    let headings = top + 52.0;
    let heading = |svg: &mut Svg, x: f64, anchor: &str, text: &str| {
        svg.text(x, headings)
            .attr("font-size", 11)
            .attr("fill", palette::MUTED)
            .attr("text-anchor", anchor)
            .content(text);
    };
    heading(svg, MARGIN, "start", "slot · agent");
    heading(svg, BAR_X, "start", "win rate");
    heading(svg, NUMBERS_X, "start", "won [95% interval]");
    let mean = returns_mean_more(report);
    if mean {
        heading(svg, WIDTH - MARGIN, "end", "mean return");
    }

    let rows_top = top + HEADER;
    let rows_bottom = rows_top + ROW * report.results.len() as f64;
    // The scale's grid, behind the bars.
    for quarter in 0..=4 {
        let x = x_of(f64::from(quarter) / 4.0);
        svg.line(x, rows_top - 4.0, x, rows_bottom + 4.0)
            .attr("stroke", palette::FAINT)
            .attr("stroke-width", 1);
        svg.text(x, rows_bottom + 18.0)
            .attr("font-size", 11)
            .attr("fill", palette::MUTED)
            .attr("text-anchor", "middle")
            .content(&format!("{}%", quarter * 25));
    }
    svg.text(BAR_X + BAR_WIDTH / 2.0, rows_bottom + 34.0)
        .attr("font-size", 11)
        .attr("fill", palette::INK)
        .attr("text-anchor", "middle")
        .content("games won (%), the whiskers the 95% Wilson interval");

    for (slot, result) in report.results.iter().enumerate() {
        let middle = rows_top + ROW * slot as f64 + ROW / 2.0;
        svg.group(0.0, 0.0).attr("class", "slot").open();
        svg.text(MARGIN, middle + 4.0)
            .attr("font-size", 12)
            .attr("fill", palette::INK)
            .content(&format!("{}. {}", slot + 1, cut(&result.agent)));
        svg.rect(
            BAR_X,
            middle - BAR / 2.0,
            x_of(result.win_rate) - BAR_X,
            BAR,
        )
        .attr("fill", palette::SKY)
        .attr("stroke", palette::BLUE)
        .attr("stroke-width", 1);
        let [low, high] = result.ci95;
        let (low, high) = (x_of(low), x_of(high));
        svg.line(low, middle, high, middle)
            .attr("stroke", palette::INK)
            .attr("stroke-width", 1.5);
        for x in [low, high] {
            svg.line(x, middle - 6.0, x, middle + 6.0)
                .attr("stroke", palette::INK)
                .attr("stroke-width", 1.5);
        }
        svg.text(NUMBERS_X, middle + 4.0)
            .attr("font-size", 12)
            .attr("fill", palette::INK)
            .content(&format!(
                "{}% [{}, {}]",
                number(100.0 * result.win_rate, 1),
                number(100.0 * result.ci95[0], 1),
                number(100.0 * result.ci95[1], 1)
            ));
        if mean {
            svg.text(WIDTH - MARGIN, middle + 4.0)
                .attr("font-size", 12)
                .attr("fill", palette::INK)
                .attr("text-anchor", "end")
                .content(&number(result.mean_return, 3));
        }
        svg.close();
    }

    if report.by_seat.len() > 1 {
        let seats: Vec<String> = report
            .by_seat
            .iter()
            .map(|s| format!("player {}: {}-{}-{}", s.seat + 1, s.wins, s.draws, s.losses))
            .collect();
        svg.text(MARGIN, rows_bottom + AXIS + 12.0)
            .attr("font-size", 11)
            .attr("fill", palette::MUTED)
            .content(&format!("by player (won-drawn-lost): {}", seats.join(", ")));
    }
}
