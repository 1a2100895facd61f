//! The notice under the status line: a refusal, or the computer's move.

use super::status::player_name;
use crate::game::platform::i18n::Msg;
use crate::game::platform::settings::Controller;
use crate::game::play::authority::{BoardReset, MoveApplied, Rejected, Rules};
use crate::game::play::screen::Notice;
use crate::rules::move_to_string;
use bevy::prelude::*;

/// Refusals are said in words; what the computer played is said in words and notation, and
/// stays said until the next move or a reset of the board (it used to go after 3 s, so a
/// player who looked up late found it after some moves and not others).
pub(super) fn collect_notices(
    mut rejected: MessageReader<Rejected>,
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    rules: Option<Res<Rules>>,
    time: Res<Time<Real>>,
    mut notice: ResMut<Notice>,
    mut refusal_shown: Local<bool>,
) {
    notice.left -= time.delta_secs();
    for r in rejected.read() {
        notice.say(r.reason.clone(), !r.guidance);
        if r.guidance {
            // A lesson's hint says what to do instead: it stays until the next move.
            notice.left = notice.left.max(8.0);
        }
        *refusal_shown = true;
    }
    if resets.read().count() > 0 && notice.left.is_infinite() {
        notice.left = 0.0;
    }
    let Some(rules) = rules else { return };
    for m in applied.read() {
        // A refusal (or a lesson's hint), or the computer's last move, is old news once a
        // move is made.
        if std::mem::take(&mut *refusal_shown) || notice.left.is_infinite() {
            notice.left = 0.0;
        }
        // Said for the person who plays next (watching, the status line already says it).
        if let (Controller::Ai(_), Controller::Human) =
            (rules.controller(m.mover), rules.controller(m.mover.opponent()))
        {
            let text = Msg::new("notice-played")
                .sub("who", player_name(&rules.setup, m.mover))
                .text("move", move_to_string(rules.game.geometry(), m.mv));
            notice.say(text, false);
            notice.left = f32::INFINITY;
            notice.board_only = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::play::authority::MoveApplied;
    use crate::game::setup::GameSetup;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Notice>()
            .add_message::<Rejected>()
            .add_message::<MoveApplied>()
            .add_message::<BoardReset>()
            .insert_resource(Rules::new(GameSetup::versus(crate::ai::Level::Easy, crate::rules::Color::Black), None))
            .add_systems(Update, collect_notices);
        app.update();
        app
    }

    fn refuse(app: &mut App, key: &'static str, guidance: bool) {
        app.world_mut().write_message(Rejected { at: None, reason: Msg::new(key), guidance });
        app.update();
    }

    fn play_one(app: &mut App, mover: crate::rules::Color) {
        let rules = app.world().resource::<Rules>();
        let mv = rules.legal_moves()[0];
        app.world_mut().write_message(MoveApplied { mv, mover, captured: vec![mv.from] });
        app.update();
    }

    #[test]
    fn a_lesson_s_hint_is_no_warning_and_stays_until_the_next_move_a_fault_is_a_warning() {
        let mut app = app();
        refuse(&mut app, "lesson-double-wrong", true);
        let notice = app.world().resource::<Notice>().clone();
        assert_eq!((notice.text.key.as_ref(), notice.warning), ("lesson-double-wrong", false));
        assert!(notice.left > 7.0, "a hint stays long enough to read: {}", notice.left);
        play_one(&mut app, crate::rules::Color::Black);
        assert!(app.world().resource::<Notice>().left <= 0.0, "the hint is gone once a move is made");

        refuse(&mut app, "refuse-illegal", false);
        let notice = app.world().resource::<Notice>().clone();
        assert!(notice.warning && notice.left > 0.0);
        play_one(&mut app, crate::rules::Color::Black);
        assert!(app.world().resource::<Notice>().left <= 0.0);
    }

    #[test]
    fn the_computer_s_move_stays_said_until_the_next_move_or_a_new_board() {
        let mut app = app();
        play_one(&mut app, crate::rules::Color::White);
        for _ in 0..5 {
            app.update();
        }
        let notice = app.world().resource::<Notice>().clone();
        assert_eq!(notice.text.key.as_ref(), "notice-played");
        assert!(notice.left > 1000.0, "it stays: {}", notice.left);
        play_one(&mut app, crate::rules::Color::Black);
        assert!(app.world().resource::<Notice>().left <= 0.0, "gone with the player's move");
        play_one(&mut app, crate::rules::Color::White);
        app.world_mut().write_message(BoardReset);
        app.update();
        assert!(app.world().resource::<Notice>().left <= 0.0, "gone with an undo or a new game");
    }
}
