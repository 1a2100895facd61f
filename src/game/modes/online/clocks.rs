//! The clocks of an online game as the player sees them: counted down from what the server
//! last said, in words a player reads at a glance ("4:59", "9.4", "2 d 5 h"), the low one
//! marked under ten seconds; how the game ended when a clock or an absence decided it; and
//! when a claim or an abort is open.

use std::time::{Duration, Instant};

use super::*;
use crate::online::protocol::TimeControl;

/// Under this a real-time clock shows tenths and turns red.
pub const LOW_MS: u64 = 10_000;

impl OnlineGame {
    /// What the server said of `colour`'s absence: when its opponent may claim the game.
    pub(super) fn heard_absence(&mut self, colour: Colour, claim_in_ms: Option<u64>) {
        if self.you.is_some_and(|y| y != Side::from(colour)) {
            self.claim_at = claim_in_ms.map(|ms| Instant::now() + Duration::from_millis(ms));
        }
    }

    /// `side`'s time left now (counted down since the server's word while its clock runs) and
    /// the time control; none untimed.
    pub fn time_left(&self, side: Side, now: Instant) -> Option<(TimeControl, u64)> {
        let (view, heard) = self.clock.as_ref()?;
        let colour = Colour::from(side);
        let left = view.left_ms[colour.index()];
        let running = view.running == Some(colour) && self.outcome.is_none();
        let spent = if running { now.saturating_duration_since(*heard).as_millis() as u64 } else { 0 };
        Some((view.control, left.saturating_sub(spent)))
    }

    /// `side`'s clock in words, and whether it is low (a real-time clock under ten seconds).
    pub fn clock_words(&self, side: Side, now: Instant) -> Option<(String, bool)> {
        let (control, left) = self.time_left(side, now)?;
        Some((clock_text(control, left), control.real_time() && left < LOW_MS))
    }

    /// When the clocks should be drawn again: at the next change of a running clock's words.
    pub fn clock_redraw(&self, now: Instant) -> Option<Duration> {
        // A claim that opens soon is counted down in seconds.
        if let Some(wait) = self.claim_at.and_then(|at| at.checked_duration_since(now)).filter(|w| !w.is_zero())
            && self.outcome.is_none()
        {
            return Some(wait.min(Duration::from_millis(1_000 - u64::from(wait.subsec_millis()) + 5)));
        }
        let (view, _) = self.clock.as_ref()?;
        let side = Side::from(view.running.filter(|_| self.outcome.is_none())?);
        let (control, left) = self.time_left(side, now)?;
        let step = match control {
            TimeControl::RealTime { .. } if left < LOW_MS => 100,
            TimeControl::RealTime { .. } => 1_000,
            _ => 60_000,
        };
        Some(Duration::from_millis((left % step).max(1) + 5))
    }

    /// How the game ended in words when a clock, an absence or an abort decided it.
    pub fn end_words(&self) -> Option<Msg> {
        let outcome = self.outcome?;
        let you = self.you.map(Colour::from);
        let winner = outcome.winner;
        Some(match (outcome.how, you) {
            (EndReason::Aborted, _) => Msg::new("online-aborted"),
            (EndReason::Time, Some(y)) if winner == Some(y) => Msg::new("online-won-on-time"),
            (EndReason::Time, Some(_)) => Msg::new("online-lost-on-time"),
            (EndReason::Claimed, Some(y)) if winner == Some(y) => Msg::new("online-you-claimed"),
            (EndReason::Claimed, Some(_)) => Msg::new("online-friend-claimed"),
            (EndReason::Time, None) => {
                Msg::new("online-side-lost-on-time").text("side", side_key(Side::from(winner?).opponent()))
            }
            (EndReason::Claimed, None) => Msg::new("online-side-claimed").text("side", side_key(Side::from(winner?))),
            _ => return None,
        })
    }

    /// A claim is open: your opponent has been away longer than the time control allows.
    pub fn can_claim(&self, now: Instant) -> bool {
        self.outcome.is_none() && self.claim_at.is_some_and(|at| at <= now)
    }

    /// An abort is open: you play, and neither side has made its first move (`plies` < 2).
    pub fn can_abort(&self, plies: usize) -> bool {
        self.outcome.is_none() && self.you.is_some() && plies < crate::online::clock::CLOCK_FROM_PLY
    }
}

/// Your own clock under ten seconds in a real-time game: a soft tick as each second begins
/// (through the sound effects, so their volume and mute apply; nothing moves on screen but
/// the clock's own figures).
pub(super) fn clock_ticks(
    online: Option<Res<OnlineGame>>,
    mut last: Local<Option<u64>>,
    mut sfx: MessageWriter<crate::game::play::cues::Sfx>,
) {
    let second = online.as_deref().and_then(|o| low_second(o, Instant::now()));
    if second.is_some() && second != *last {
        sfx.write(crate::game::play::cues::Sfx(crate::synth::Effect::UiFocus));
    }
    *last = second;
}

/// The whole seconds left on your own running real-time clock while it is low (none otherwise).
pub fn low_second(o: &OnlineGame, now: Instant) -> Option<u64> {
    let you = o.you?;
    let (view, _) = o.clock.as_ref()?;
    if view.running != Some(Colour::from(you)) || o.outcome.is_some() {
        return None;
    }
    let (control, left) = o.time_left(you, now)?;
    (control.real_time() && left > 0 && left < LOW_MS).then_some(left / 1000)
}

fn side_key(side: Side) -> &'static str {
    crate::game::platform::i18n::side_key(side)
}

/// A clock's time left in words: "1:04:09", "4:59", "9.4" (real time, tenths under ten
/// seconds); "2 d 5 h", "5 h 12 m", "12:30" (by correspondence).
pub fn clock_text(control: TimeControl, ms: u64) -> String {
    let s = ms / 1000;
    let (d, h, m, sec) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    match control {
        TimeControl::Correspondence { .. } if d > 0 => format!("{d} d {h} h"),
        TimeControl::Correspondence { .. } if s >= 3600 => format!("{} h {m} m", s / 3600),
        TimeControl::RealTime { .. } if ms < LOW_MS => format!("{}.{}", s, ms % 1000 / 100),
        _ if s >= 3600 => format!("{}:{m:02}:{sec:02}", s / 3600),
        _ => format!("{}:{sec:02}", s / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_at_a_glance_with_tenths_only_when_low() {
        let rt = TimeControl::RealTime { base_s: 300, increment_s: 3 };
        assert_eq!(clock_text(rt, 299_400), "4:59");
        assert_eq!(clock_text(rt, 3_849_000), "1:04:09");
        assert_eq!(clock_text(rt, 9_449), "9.4");
        assert_eq!(clock_text(rt, 0), "0.0");
        let corr = TimeControl::Correspondence { days: 3 };
        assert_eq!(clock_text(corr, 2 * 86_400_000 + 5 * 3_600_000 + 1), "2 d 5 h");
        assert_eq!(clock_text(corr, 5 * 3_600_000 + 12 * 60_000), "5 h 12 m");
        assert_eq!(clock_text(corr, 750_000), "12:30");
    }
}
