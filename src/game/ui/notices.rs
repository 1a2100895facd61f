//! The notice under the status line: a refusal, or the computer's move.

use super::status::player_name;
use crate::game::platform::i18n::Msg;
use crate::game::platform::settings::Controller;
use crate::game::play::authority::{BoardReset, MoveApplied, Rejected, Rules};
use crate::game::play::screen::{LastMove, Notice};
use crate::rules::move_to_string;
use bevy::prelude::*;

/// Refusals are said in words for a few seconds (a lesson's hint until the next move); what
/// the other side played (the computer, or a friend online) is said in words and notation in
/// [`LastMove`], which stays until the next move or a reset of the board.
pub(super) fn collect_notices(
    mut rejected: MessageReader<Rejected>,
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    rules: Option<Res<Rules>>,
    time: Res<Time<Real>>,
    mut notice: ResMut<Notice>,
    mut last: ResMut<LastMove>,
    mut refusal_shown: Local<bool>,
    wake: Option<Res<crate::game::platform::redraw::Wake>>,
) {
    // Not in the frame it was said: after a rest (the game draws nothing while it waits)
    // that frame's step is the whole rest, and the notice would go unseen.
    if notice.left > 0.0 && !notice.is_changed() {
        notice.left -= time.delta_secs();
    }
    // A notice that goes after a while is drawn once more when it has gone.
    if let Some(wake) = &wake
        && notice.left > 0.0
    {
        wake.after_secs(notice.left);
    }
    for r in rejected.read() {
        notice.say(r.reason.clone(), !r.guidance);
        if r.guidance {
            // A lesson's hint says what to do instead: it stays until the next move.
            notice.left = notice.left.max(8.0);
        }
        *refusal_shown = true;
    }
    if resets.read().count() > 0 {
        last.set_if_neq(LastMove(None));
    }
    let Some(rules) = rules else { return };
    for m in applied.read() {
        // A refusal (or a lesson's hint) is old news once a move is made.
        if std::mem::take(&mut *refusal_shown) {
            notice.left = 0.0;
        }
        // Said for the person who plays next (watching, the status line already says it).
        let said = match (rules.controller(m.mover), rules.controller(m.mover.opponent())) {
            (Controller::Ai(_) | Controller::Remote, Controller::Human) => Some(
                Msg::new("notice-played")
                    .sub("who", player_name(&rules.setup, m.mover))
                    .text("move", move_to_string(rules.game.geometry(), m.mv)),
            ),
            _ => None,
        };
        last.set_if_neq(LastMove(said));
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
            .init_resource::<LastMove>()
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
    fn the_computer_s_move_stays_said_until_the_next_move_or_a_new_board_whatever_else_is_said() {
        let mut app = app();
        let last = |app: &App| app.world().resource::<LastMove>().0.clone();
        play_one(&mut app, crate::rules::Color::White);
        for _ in 0..5 {
            app.update();
        }
        assert_eq!(last(&app).unwrap().key.as_ref(), "notice-played");
        // A refusal (or a hint, a message) has the notice line; the last move keeps its own.
        refuse(&mut app, "refuse-illegal", false);
        assert_eq!(app.world().resource::<Notice>().text.key.as_ref(), "refuse-illegal");
        assert_eq!(last(&app).unwrap().key.as_ref(), "notice-played");
        play_one(&mut app, crate::rules::Color::Black);
        assert_eq!(last(&app), None, "gone with the player's move");
        play_one(&mut app, crate::rules::Color::White);
        app.world_mut().write_message(BoardReset);
        app.update();
        assert_eq!(last(&app), None, "gone with an undo or a new game");
    }

    #[test]
    fn a_friend_s_move_online_is_said_too() {
        let mut app = app();
        let setup = GameSetup::online(crate::rules::Geometry::new(8, 8).unwrap(), Some(crate::rules::Color::Black));
        app.insert_resource(Rules::new(setup, None));
        play_one(&mut app, crate::rules::Color::White);
        let said = app.world().resource::<LastMove>().0.clone().expect("the friend's move is said");
        assert_eq!(said.key.as_ref(), "notice-played");
        assert!(format!("{said:?}").contains("player-friend"), "{said:?}");
    }

    #[test]
    fn a_notice_said_after_a_long_rest_is_not_gone_before_it_is_drawn() {
        let mut app = app();
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(std::time::Duration::from_secs(10)));
        app.update();
        app.world_mut().resource_mut::<Notice>().say(Msg::new("notice-saved"), false);
        app.update();
        assert!(app.world().resource::<Notice>().left > 2.0, "{:?}", app.world().resource::<Notice>());
        app.update();
        assert!(app.world().resource::<Notice>().left <= 0.0, "it goes on the next long step");
    }
}
