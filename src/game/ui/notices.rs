//! The notice under the status line: a refusal, or the computer's move.

use super::status::player_name;
use crate::game::platform::i18n::Msg;
use crate::game::platform::settings::Controller;
use crate::game::play::authority::{MoveApplied, Rejected, Rules};
use crate::game::play::screen::Notice;
use crate::rules::move_to_string;
use bevy::prelude::*;

/// Refusals are said in words; what the computer played is said in words and notation.
pub(super) fn collect_notices(
    mut rejected: MessageReader<Rejected>,
    mut applied: MessageReader<MoveApplied>,
    rules: Option<Res<Rules>>,
    time: Res<Time<Real>>,
    mut notice: ResMut<Notice>,
) {
    notice.left -= time.delta_secs();
    for r in rejected.read() {
        notice.say(r.reason.clone(), true);
    }
    let Some(rules) = rules else { return };
    for m in applied.read() {
        // A refusal is old news once a move is made.
        if notice.warning {
            notice.left = 0.0;
        }
        if let Controller::Ai(_) = rules.controller(m.mover) {
            let text = Msg::new("notice-played")
                .sub("who", player_name(&rules.setup, m.mover))
                .text("move", move_to_string(rules.game.geometry(), m.mv));
            notice.say(text, false);
        }
    }
}
