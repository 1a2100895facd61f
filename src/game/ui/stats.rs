//! Your record: the rating and its plot, streaks, results by opponent and board, and the
//! milestones with progress (a page above its buttons); and the words of the games' list.

use super::palette;
use crate::game::modes::history::RecordView;
use crate::game::platform::i18n::{Msg, Tr, level_name, side_key};
use crate::history::Player;
use crate::history::stats::{GameRow, Stats};
use bevy_egui::egui;

fn heading(ui: &mut egui::Ui, text: String) {
    ui.add_space(8.0);
    ui.label(
        egui::RichText::new(text).font(super::theme::display(super::theme::type_scale::SECTION)).color(palette::TEXT),
    );
}

fn line(ui: &mut egui::Ui, text: String, colour: egui::Color32) {
    ui.add(egui::Label::new(egui::RichText::new(text).size(16.0).color(colour)).wrap());
}

/// The words for who a game was against.
fn opponent_words(p: Player) -> Msg {
    match p {
        Player::Computer(level) => level_name(level),
        Player::Friend => Msg::new("stats-friend"),
        Player::Person => Msg::new("recorded-people"),
    }
}

fn size_text(size: (u8, u8)) -> String {
    format!("{}×{}", size.0, size.1)
}

/// The rating line and what the statistics say in sentences (pure, tested without a window).
pub fn summary_lines(stats: &Stats) -> Vec<Msg> {
    let mut lines = vec![Msg::new("stats-games").num("games", stats.games as i64)];
    lines.push(match stats.rating {
        Some(r) => Msg::new("stats-rating")
            .num("rating", r.rating.round() as i64)
            .num("margin", (2.0 * r.deviation).round() as i64)
            .num("games", stats.rated as i64),
        None => Msg::new("stats-no-rating"),
    });
    if stats.games > 0 {
        lines.push(
            Msg::new("stats-streaks")
                .num("current", stats.current_streak as i64)
                .num("best", stats.longest_streak as i64)
                .num("moves", stats.average_moves.round() as i64),
        );
    }
    lines.push(match stats.best_win {
        Some(level) => Msg::new("stats-best-win").sub("level", level_name(level)),
        None => Msg::new("stats-no-win"),
    });
    lines
}

/// A game of the list on one button: date, board, players, result.
pub fn game_label(row: &GameRow) -> Msg {
    let (players, result) = match row.you {
        Some(you) => {
            let who = opponent_words(row.players[you.opponent().index()]);
            let result = if row.winner == you { "recorded-won" } else { "recorded-lost" };
            (Msg::new("recorded-you-v").sub("who", who), Msg::new(result))
        }
        None => (Msg::new("recorded-people"), Msg::new("recorded-side-won").text("side", side_key(row.winner))),
    };
    Msg::new("item-recorded")
        .text("date", crate::clock::local_date(row.finished_at))
        .text("size", size_text(row.size))
        .sub("players", players)
        .sub("result", result)
}

/// The results as a table: a row per opponent (weakest first), a column per board size, each
/// cell "won–lost" (for two people at one screen, the games played).
pub fn results_table(stats: &Stats) -> (Vec<(u8, u8)>, Vec<(Player, Vec<String>)>) {
    let mut sizes: Vec<(u8, u8)> = stats.tallies.iter().map(|t| t.size).collect();
    sizes.sort_by_key(|s| (s.0 as u16 * s.1 as u16, *s));
    sizes.dedup();
    let mut rows: Vec<(Player, Vec<String>)> = Vec::new();
    for t in &stats.tallies {
        if rows.last().is_none_or(|(p, _)| *p != t.opponent) {
            rows.push((t.opponent, vec![String::new(); sizes.len()]));
        }
        let column = sizes.iter().position(|s| *s == t.size).unwrap_or(0);
        let cell = match t.opponent {
            Player::Person => (t.wins + t.losses).to_string(),
            _ => format!("{}\u{2013}{}", t.wins, t.losses),
        };
        if let Some((_, cells)) = rows.last_mut() {
            cells[column] = cell;
        }
    }
    (sizes, rows)
}

fn results_grid(ui: &mut egui::Ui, stats: &Stats, tr: &Tr) {
    let (sizes, rows) = results_table(stats);
    let cell = |ui: &mut egui::Ui, text: String, colour: egui::Color32| {
        ui.label(egui::RichText::new(text).size(15.0).color(colour));
    };
    egui::Grid::new("results").num_columns(sizes.len() + 1).spacing([14.0, 3.0]).striped(true).show(ui, |ui| {
        cell(ui, String::new(), palette::TEXT);
        for size in &sizes {
            cell(ui, size_text(*size), palette::TEXT_DIM);
        }
        ui.end_row();
        for (opponent, cells) in rows {
            cell(ui, tr.msg(&opponent_words(opponent)), palette::TEXT);
            for text in cells {
                cell(ui, text, palette::TEXT);
            }
            ui.end_row();
        }
    });
}

/// The page.
pub(super) fn stats_page(ui: &mut egui::Ui, view: &RecordView, tr: &Tr) {
    let Some(stats) = &view.stats else {
        line(ui, tr.t("notice-history-unavailable"), palette::WARN);
        return;
    };
    for (i, m) in summary_lines(stats).iter().enumerate() {
        line(ui, tr.msg(m), if i == 1 { palette::TEXT } else { palette::TEXT_DIM });
    }
    if stats.series.len() >= 2 {
        heading(ui, tr.t("stats-plot"));
        rating_plot(ui, stats);
    }
    if !stats.tallies.is_empty() {
        heading(ui, tr.t("stats-results-head"));
        results_grid(ui, stats, tr);
    }
    heading(ui, tr.t("stats-milestones-head"));
    for p in &view.milestones {
        let earned = p.earned_at.is_some();
        let progress = if earned {
            tr.t("stats-earned")
        } else {
            tr.msg(&Msg::new("stats-progress").num("done", p.done as i64).num("target", p.milestone.target as i64))
        };
        let colour = if earned { palette::FOCUS } else { palette::TEXT };
        ui.add_space(2.0);
        line(ui, format!("{} \u{00b7} {progress}", tr.t(p.milestone.name)), colour);
        ui.add(
            egui::Label::new(egui::RichText::new(tr.t(p.milestone.about)).size(14.0).color(palette::TEXT_DIM)).wrap(),
        );
    }
    ui.add_space(6.0);
    line(ui, tr.t("stats-hint"), palette::TEXT_DIM);
}

/// Your rating after each rated game, as a line (not draggable: the page scrolls instead).
fn rating_plot(ui: &mut egui::Ui, stats: &Stats) {
    let points: Vec<[f64; 2]> = stats.series.iter().map(|(n, r)| [*n as f64, *r]).collect();
    let low = points.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min);
    let high = points.iter().map(|p| p[1]).fold(f64::NEG_INFINITY, f64::max);
    egui_plot::Plot::new("rating-plot")
        .height(150.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .include_y(low - 25.0)
        .include_y(high + 25.0)
        .show(ui, |plot| {
            plot.line(egui_plot::Line::new("rating", points).stroke(egui::Stroke::new(2.5, palette::FOCUS)));
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::history::stats::Tally;
    use crate::rules::Color as Side;

    #[test]
    fn the_summary_and_the_list_say_what_a_player_expects() {
        let stats = Stats::default();
        let keys: Vec<_> = summary_lines(&stats).into_iter().map(|m| m.key.into_owned()).collect();
        assert_eq!(keys, ["stats-games", "stats-no-rating", "stats-no-win"]);
        let row = GameRow {
            id: 3,
            finished_at: 1_796_169_600,
            size: (8, 8),
            players: [Player::Person, Player::Computer(Level::Hard)],
            you: Some(Side::Black),
            winner: Side::White,
            resigned: true,
            moves: 30,
            rating: Some(1490.0),
            took_back: false,
        };
        let label = game_label(&row);
        assert_eq!(
            label,
            Msg::new("item-recorded")
                .text("date", crate::clock::local_date(1_796_169_600))
                .text("size", "8×8")
                .sub("players", Msg::new("recorded-you-v").sub("who", level_name(Level::Hard)))
                .sub("result", Msg::new("recorded-lost"))
        );
        let stats = Stats {
            tallies: vec![
                Tally { opponent: Player::Computer(Level::Easy), size: (8, 8), wins: 3, losses: 1 },
                Tally { opponent: Player::Computer(Level::Easy), size: (6, 6), wins: 0, losses: 2 },
                Tally { opponent: Player::Person, size: (6, 6), wins: 0, losses: 4 },
            ],
            ..Stats::default()
        };
        let (sizes, rows) = results_table(&stats);
        assert_eq!(sizes, [(6, 6), (8, 8)]);
        assert_eq!(
            rows,
            [
                (Player::Computer(Level::Easy), vec!["0\u{2013}2".to_string(), "3\u{2013}1".to_string()]),
                (Player::Person, vec!["4".to_string(), String::new()]),
            ]
        );
    }
}
