//! The score: games you won and lost against the computer in this run, per level. It is
//! derived from the rules' finished games, one entry per game, so undo, redo, resign and
//! colour swaps keep it exact: a result undone is taken back, a result redone counts once, and
//! "you" is whichever colour you played in that game. Lessons, puzzles, games of two people and
//! games the computer plays itself are not scored, and neither is a game first seen already
//! over (a finished game opened from the saved games: its win was counted when it was played).

use crate::ai::Level;
use crate::game::play::authority::Rules;
use crate::game::play::screen::GameSet;
use bevy::prelude::*;
use std::collections::BTreeMap;

/// The result of each scored game of this run, by the rules' game number.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Score {
    results: BTreeMap<u64, (Level, bool)>,
    /// Games seen unfinished in this run: only their results count.
    played: std::collections::BTreeSet<u64>,
}

impl Score {
    /// Records what `rules` say about their game now: its result if it is over, none if not.
    pub fn follow(&mut self, rules: &Rules) {
        let (Some(you), Some(level)) = (rules.setup.one_human(), rules.setup.opponent_level()) else { return };
        if rules.setup.is_practice() {
            return;
        }
        match rules.winner() {
            Some(winner) if self.played.contains(&rules.game_id) => {
                self.results.insert(rules.game_id, (level, winner == you));
            }
            Some(_) => {}
            None => {
                self.played.insert(rules.game_id);
                self.results.remove(&rules.game_id);
            }
        }
    }

    /// Your wins and the computer's against the computer at `level`.
    pub fn against(&self, level: Level) -> (u32, u32) {
        self.results.values().filter(|(l, _)| *l == level).fold(
            (0, 0),
            |(w, l), (_, won)| {
                if *won { (w + 1, l) } else { (w, l + 1) }
            },
        )
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Score>().add_systems(Update, keep_score.in_set(GameSet::Presentation));
}

fn keep_score(rules: Option<Res<Rules>>, mut score: ResMut<Score>) {
    if let Some(rules) = rules.filter(|r| r.is_changed()) {
        score.follow(&rules);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::setup::{Controller, GameMode, GameSetup};
    use crate::rules::{Color as Side, Game, Geometry, parse_position};

    fn won_by_black() -> Game {
        // Black to move jumps and White has no jump left.
        Game::from_position(parse_position("BW.. b").unwrap())
    }

    fn rules(setup: GameSetup, game_id: u64) -> Rules {
        let mut r = Rules::new(setup, None);
        r.game = won_by_black();
        r.game_id = game_id;
        r
    }

    /// You (Black) against Hard, and game 1 followed from its start to your win.
    fn won_in_this_run(score: &mut Score) -> (GameSetup, Rules, crate::rules::Move) {
        let you_black = GameSetup::play(Geometry::new(1, 4).unwrap(), [Controller::Human, Controller::Ai(Level::Hard)]);
        let mut r = rules(you_black, 1);
        score.follow(&r);
        let mv = r.game.legal_moves()[0];
        r.game.play(mv).unwrap();
        score.follow(&r);
        (you_black, r, mv)
    }

    #[test]
    fn a_win_counts_once_through_undo_and_redo_and_follows_your_colour() {
        let mut score = Score::default();
        let (you_black, mut r, mv) = won_in_this_run(&mut score);
        score.follow(&r);
        assert_eq!(score.against(Level::Hard), (1, 0));
        r.game.undo();
        score.follow(&r);
        assert_eq!(score.against(Level::Hard), (0, 0), "an undone win is taken back");
        r.game.redo();
        score.follow(&r);
        assert_eq!(score.against(Level::Hard), (1, 0), "redone, it counts once");
        // The next game, you playing White: Black (the computer) wins it.
        let mut r2 = rules(you_black.swapped(), 2);
        score.follow(&r2);
        r2.game.play(mv).unwrap();
        score.follow(&r2);
        assert_eq!(score.against(Level::Hard), (1, 1), "the computer's win, not yours");
        // A resignation counts, and its undo takes it back.
        let mut r3 = rules(you_black, 3);
        score.follow(&r3);
        r3.resigned = Some(Side::Black);
        score.follow(&r3);
        assert_eq!(score.against(Level::Hard), (1, 2));
        r3.resigned = None;
        score.follow(&r3);
        assert_eq!(score.against(Level::Hard), (1, 1));
        assert_eq!(score.against(Level::Easy), (0, 0), "other levels keep their own tally");
    }

    #[test]
    fn a_finished_game_opened_from_the_saved_games_is_not_counted_again() {
        let mut score = Score::default();
        // Won in this run: one win.
        let (_, r, _) = won_in_this_run(&mut score);
        assert_eq!(score.against(Level::Hard), (1, 0));
        // The same game saved and opened again: a new game number, already over.
        let opened = Rules { game_id: 2, ..r };
        score.follow(&opened);
        assert_eq!(score.against(Level::Hard), (1, 0), "the win was counted when it was played");
    }

    #[test]
    fn practice_and_games_without_one_person_against_the_computer_are_not_scored() {
        let geo = Geometry::new(1, 4).unwrap();
        let mut score = Score::default();
        for (i, setup) in [
            GameSetup::play(geo, [Controller::Human; 2]),
            GameSetup::play(geo, [Controller::Ai(Level::Hard); 2]),
            GameSetup {
                mode: GameMode::Lesson,
                ..GameSetup::play(geo, [Controller::Human, Controller::Ai(Level::Hard)])
            },
        ]
        .into_iter()
        .enumerate()
        {
            let mut r = rules(setup, i as u64);
            let mv = r.game.legal_moves()[0];
            r.game.play(mv).unwrap();
            score.follow(&r);
        }
        assert_eq!(score, Score::default());
    }
}
