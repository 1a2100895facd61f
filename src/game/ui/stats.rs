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

/// The page: tiles of the numbers that matter, the rating's plot, the results, the
/// milestones as badges.
pub(super) fn stats_page(ui: &mut egui::Ui, view: &RecordView, tr: &Tr) {
    let Some(stats) = &view.stats else {
        line(ui, tr.t("notice-history-unavailable"), palette::WARN);
        return;
    };
    stat_tiles(ui, stats, tr);
    if stats.rating.is_none() {
        line(ui, tr.t("stats-no-rating"), palette::TEXT_DIM);
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
    milestone_badges(ui, view, tr);
    ui.add_space(6.0);
    line(ui, tr.t("stats-hint"), palette::TEXT_DIM);
}

/// The numbers as tiles, each its value large over its name: the rating (± its margin), games
/// finished, wins in a row (the best under it), the best win against the computer.
pub fn tile_values(stats: &Stats) -> [(Msg, String, Option<Msg>); 4] {
    let none = "\u{2014}".to_string();
    let (rating, margin) = match stats.rating {
        Some(r) => (
            format!("{}", r.rating.round() as i64),
            Some(Msg::new("stats-tile-rating-sub").num("margin", (2.0 * r.deviation).round() as i64)),
        ),
        None => (none.clone(), None),
    };
    [
        (Msg::new("stats-tile-rating"), rating, margin),
        (Msg::new("stats-tile-games"), stats.games.to_string(), None),
        (
            Msg::new("stats-tile-streak"),
            stats.current_streak.to_string(),
            Some(Msg::new("stats-tile-streak-sub").num("best", stats.longest_streak as i64)),
        ),
        (Msg::new("stats-tile-best"), String::new(), stats.best_win.map(level_name)),
    ]
}

fn stat_tiles(ui: &mut egui::Ui, stats: &Stats, tr: &Tr) {
    let tiles = tile_values(stats);
    let gap = 8.0;
    let width = ((ui.available_width() - 3.0 * gap) / 4.0).max(60.0);
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = gap;
        for (name, value, sub) in tiles {
            egui::Frame::new()
                .fill(ui.visuals().widgets.inactive.bg_fill)
                .corner_radius(12)
                .inner_margin(egui::Margin::symmetric(6, 8))
                .show(ui, |ui| {
                    ui.set_width(width - 12.0);
                    ui.set_min_height(92.0);
                    ui.vertical_centered(|ui| {
                        let (value, sub) = match (value.is_empty(), sub) {
                            (true, Some(level)) => (tr.msg(&level), None),
                            (true, None) => ("\u{2014}".to_string(), None),
                            (false, sub) => (value, sub),
                        };
                        let big = if value.chars().count() > 6 { 20.0 } else { 28.0 };
                        ui.label(egui::RichText::new(value).font(super::theme::display(big)).color(palette::TEXT));
                        if let Some(sub) = sub {
                            ui.label(egui::RichText::new(tr.msg(&sub)).size(13.0).color(palette::TEXT_DIM));
                        }
                        ui.add(
                            egui::Label::new(egui::RichText::new(tr.msg(&name)).size(14.0).color(palette::TEXT_DIM))
                                .wrap(),
                        );
                    });
                });
        }
    });
}

/// The milestones as badges, two to a row: a medal (gold once earned), the name, the progress
/// and what earns it.
fn milestone_badges(ui: &mut egui::Ui, view: &RecordView, tr: &Tr) {
    let width = ((ui.available_width() - 8.0) / 2.0).max(120.0);
    for pair in view.milestones.chunks(2) {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = 8.0;
            for p in pair {
                let earned = p.earned_at.is_some();
                let progress = if earned {
                    tr.t("stats-earned")
                } else {
                    tr.msg(
                        &Msg::new("stats-progress").num("done", p.done as i64).num("target", p.milestone.target as i64),
                    )
                };
                let fill = if earned {
                    egui::Color32::from_rgb(48, 40, 28)
                } else {
                    ui.visuals().widgets.inactive.bg_fill.gamma_multiply(0.7)
                };
                egui::Frame::new().fill(fill).corner_radius(12).inner_margin(egui::Margin::same(8)).show(ui, |ui| {
                    ui.set_width(width - 16.0);
                    ui.horizontal_top(|ui| {
                        let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
                        let c = rect.center();
                        if earned {
                            ui.painter().circle_filled(c, 11.0, palette::ACCENT);
                            ui.painter().circle_stroke(c, 7.0, egui::Stroke::new(1.5, palette::ON_ACCENT));
                        } else {
                            ui.painter().circle_stroke(c, 10.0, egui::Stroke::new(1.5, palette::TRACK));
                        }
                        ui.vertical(|ui| {
                            let name = tr.t(p.milestone.name);
                            ui.label(egui::RichText::new(name).font(super::theme::medium(15.0)).color(palette::TEXT));
                            let colour = if earned { palette::FOCUS } else { palette::TEXT_DIM };
                            ui.label(egui::RichText::new(progress).size(13.0).color(colour));
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(tr.t(p.milestone.about)).size(13.0).color(palette::TEXT_DIM),
                                )
                                .wrap(),
                            );
                        });
                    });
                });
            }
        });
        ui.add_space(4.0);
    }
}

/// Your rating after each rated game, as a line (not draggable: the page scrolls instead).
fn rating_plot(ui: &mut egui::Ui, stats: &Stats) {
    let points: Vec<[f64; 2]> = stats.series.iter().map(|(n, r)| [*n as f64, *r]).collect();
    let low = points.iter().map(|p| p[1]).fold(f64::INFINITY, f64::min);
    let high = points.iter().map(|p| p[1]).fold(f64::NEG_INFINITY, f64::max);
    egui_plot::Plot::new("rating-plot")
        .height(150.0)
        .show_background(false)
        .show_grid([false, true])
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
    fn the_record_s_tiles_show_the_rating_games_streak_and_best_win() {
        let tiles = tile_values(&Stats::default());
        assert_eq!(tiles[0].1, "\u{2014}", "no rating yet: a dash");
        assert_eq!(tiles[1].1, "0");
        assert_eq!(tiles[3].2, None);
        let stats = Stats {
            games: 12,
            rated: 9,
            current_streak: 2,
            longest_streak: 5,
            best_win: Some(Level::Hard),
            rating: Some(crate::rating::Rating { rating: 1612.4, deviation: 80.2, volatility: 0.06 }),
            ..Stats::default()
        };
        let tiles = tile_values(&stats);
        assert_eq!(tiles[0].1, "1612");
        assert_eq!(tiles[0].2, Some(Msg::new("stats-tile-rating-sub").num("margin", 160)));
        assert_eq!((tiles[1].1.as_str(), tiles[2].1.as_str()), ("12", "2"));
        assert_eq!(tiles[2].2, Some(Msg::new("stats-tile-streak-sub").num("best", 5)));
        assert_eq!(tiles[3].2, Some(level_name(Level::Hard)));
    }

    #[test]
    fn the_summary_and_the_list_say_what_a_player_expects() {
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
