//! The coach: after a move of yours that throws a win away or loses a lot of evaluation, one
//! line says why in the tutorial's words ("that lets White jump two stones from e4") and the
//! better move is marked on the board in the hint's blue, while the computer waits a moment
//! before it answers. It uses the game review's analysis (a fixed number of nodes per
//! position, so the same move gets the same advice on any machine), speaks at most once every
//! few moves, never in online games, and is on by itself against Beginner and Easy.

use crate::ai::review::{Reason, Standing, Verdict, explain, judge};
use crate::ai::{Level, analyse_nodes};
use crate::game::platform::i18n::{Msg, side_key};
use crate::game::platform::redraw::Wake;
use crate::game::platform::settings::Settings;
use crate::game::play::authority::Rules;
use crate::game::play::engine_job::EngineJob;
use crate::game::play::screen::{GameSet, Notice, Screen};
use crate::game::play::spoken::Announcement;
use crate::game::setup::GameSetup;
use crate::rules::notation::coord_to_string;
use crate::rules::{Color as Side, Move, Position, move_to_string};
use bevy::prelude::*;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

pub use crate::game::platform::settings::CoachMode;

/// Whether the coach watches this game: you against the computer, not online, and the mode
/// allows it (Auto: at Beginner and Easy).
pub fn active(mode: CoachMode, setup: &GameSetup) -> bool {
    if setup.is_online() || setup.is_practice() {
        return false;
    }
    match (mode, setup.opponent_level()) {
        (_, None) | (CoachMode::Off, _) => false,
        (CoachMode::On, Some(_)) => true,
        (CoachMode::Auto, Some(level)) => level <= Level::Easy,
    }
}

/// Nodes the coach searches each position with.
pub const NODES: u64 = 120_000;
/// Plies between two pieces of advice, at least.
pub const QUIET_PLIES: usize = 6;
/// Seconds the computer waits after advice, so the marked move can be seen.
pub const HOLD_SECS: f32 = 2.5;

/// Advice about one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Advice {
    /// Who played it.
    pub mover: Side,
    /// The move played.
    pub played: Move,
    /// The better move.
    pub better: Move,
    /// Why the played move was worse.
    pub reason: Reason,
}

/// The advice on `played` in `before`, if it was a mistake: both positions analysed with
/// `nodes`, the move judged like the game review judges it.
pub fn advise(before: &Position, played: Move, nodes: u64) -> Option<Advice> {
    let mover = before.to_move();
    let after = before.after(played);
    let never = Arc::new(AtomicBool::new(false));
    let a = analyse_nodes(before, nodes, never.clone());
    let b = analyse_nodes(&after, nodes, never);
    let verdict =
        judge(mover, Standing::of(a.outlook, mover), Standing::of(b.outlook, after.to_move()), played, a.best);
    if verdict == Verdict::Fine {
        return None;
    }
    let better = a.best.filter(|m| *m != played)?;
    Some(Advice { mover, played, better, reason: explain(before, played, b.best, verdict) })
}

/// The advice in words, for the player of `advice.mover`.
pub fn words(advice: &Advice, before: &Position) -> Msg {
    let geo = before.geometry();
    let better = move_to_string(geo, advice.better);
    let other = Msg::new(side_key(advice.mover.opponent()));
    match advice.reason {
        Reason::ThrewAwayWin => Msg::new("coach-threw-win").text("better", better),
        Reason::LetsMultiJump { from, hops } => Msg::new("coach-multi-jump")
            .sub("side", other)
            .num("hops", hops as i64)
            .text("from", coord_to_string(geo, from))
            .text("better", better),
        Reason::LeavesFewMoves { left } => {
            Msg::new("coach-few-moves").sub("side", other).num("left", left as i64).text("better", better)
        }
        Reason::Mobility { yours, theirs } => Msg::new("coach-mobility")
            .sub("side", other)
            .num("yours", yours as i64)
            .num("theirs", theirs as i64)
            .text("better", better),
    }
}

/// The coach's state: the analysis in flight, the advice shown, and where it last spoke.
#[derive(Resource, Default)]
pub struct Coach {
    pending: Option<(EngineJob<Option<Advice>>, u64, Position)>,
    /// The advice shown, for the board of this rules generation, and its age in seconds.
    pub shown: Option<(u64, Advice, f32)>,
    seen: (u64, usize),
    last: Option<(u64, usize)>,
}

impl Coach {
    /// The position (by rules generation) the computer should wait on before it answers: the
    /// coach is still looking at the move that made it, or its advice was shown only now.
    pub fn held(&self) -> Option<u64> {
        match (&self.pending, self.shown) {
            (Some((_, g, _)), _) => Some(*g),
            (None, Some((g, _, age))) if age < HOLD_SECS => Some(g),
            _ => None,
        }
    }

    /// The better move to mark on the board of `generation`, if the coach shows one.
    pub fn marked(&self, generation: u64) -> Option<Move> {
        self.shown.filter(|(g, _, _)| *g == generation).map(|(_, a, _)| a.better)
    }
}

/// Starts the analysis of a move of yours, says the advice when it comes.
fn watch(
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    mut coach: ResMut<Coach>,
    (mut notice, mut said): (ResMut<Notice>, ResMut<Announcement>),
    time: Res<Time<Real>>,
    (wake, mut hold): (Res<Wake>, ResMut<crate::game::play::ai_task::Hold>),
) {
    let Some(rules) = rules else { return };
    // The advice's age counts without marking the coach changed (nothing on screen moves).
    if let Some((_, _, age)) = coach.bypass_change_detection().shown.as_mut()
        && *age < HOLD_SECS
    {
        *age += time.delta_secs();
    }
    let ply = rules.game.ply();
    if coach.seen != (rules.game_id, ply) {
        let grew = coach.seen == (rules.game_id, ply.wrapping_sub(1));
        coach.seen = (rules.game_id, ply);
        coach.pending = None;
        let quiet = coach.last.is_none_or(|(g, p)| g != rules.game_id || ply >= p + QUIET_PLIES || ply < p);
        let you = rules.setup.one_human();
        let mover = rules.game.position().to_move().opponent();
        if grew
            && quiet
            && you == Some(mover)
            && active(settings.coach, &rules.setup)
            && rules.winner().is_none()
            && let Some(played) = rules.game.last_move()
        {
            let mut before = *rules.game.start();
            for m in &rules.game.moves()[..ply - 1] {
                before.play_unchecked(*m);
            }
            let job = EngineJob::spawn(false, &wake, move || advise(&before, played, NODES));
            coach.pending = Some((job, rules.generation, before));
        }
    }
    let done = coach.pending.as_mut().and_then(|(job, g, before)| job.poll().map(|a| (a, *g, *before)));
    if let Some((advice, generation, before)) = done {
        coach.pending = None;
        if let Some(advice) = advice {
            let msg = Msg::new("coach-line").sub("words", words(&advice, &before));
            notice.say(msg.clone(), false);
            *said = Announcement { msg, serial: said.serial + 1 };
            coach.shown = Some((generation, advice, 0.0));
            coach.last = Some((rules.game_id, ply));
            wake.after_secs(HOLD_SECS);
        }
    }
    let held = coach.held();
    if hold.0 != held {
        hold.0 = held;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Coach>()
        .add_systems(Update, watch.in_set(GameSet::Presentation).run_if(in_state(Screen::Game)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Geometry, parse_move, parse_position};

    #[test]
    fn the_coach_watches_games_against_the_weak_levels_by_itself_and_never_online() {
        let geo = Geometry::new(8, 8).unwrap();
        let easy = GameSetup::versus(Level::Easy, Side::Black);
        let hard = GameSetup::versus(Level::Hard, Side::Black);
        assert!(active(CoachMode::Auto, &easy) && !active(CoachMode::Auto, &hard));
        assert!(active(CoachMode::On, &hard) && !active(CoachMode::Off, &easy));
        assert!(!active(CoachMode::On, &GameSetup::online(geo, Some(Side::Black))));
        assert!(!active(CoachMode::On, &GameSetup::play(geo, [crate::game::setup::Controller::Human; 2])));
    }

    /// The coach names a better move only when the solver confirms it is better: here the
    /// played move throws a proven win away, and the move it names wins.
    #[test]
    fn the_better_move_the_coach_names_is_confirmed_by_the_solver() {
        use crate::ai::{SolveLimits, Solver};
        let start = parse_position("B...../W...../....../W...../....../...... b").unwrap();
        let geo = *start.geometry();
        let played = parse_move(&geo, "a6-a4").unwrap();
        let advice = advise(&start, played, NODES).expect("a thrown win is advised on");
        assert_eq!(advice.reason, Reason::ThrewAwayWin);
        let mut solver = Solver::new(16);
        let never = AtomicBool::new(false);
        let after_better = start.after(advice.better);
        let after_played = start.after(played);
        let winner =
            |p: &Position, s: &mut Solver| s.solve(p, SolveLimits::unlimited(), &never).result.map(|r| r.winner);
        assert_eq!(winner(&after_better, &mut solver), Some(Side::Black), "the named move wins");
        assert_eq!(winner(&after_played, &mut solver), Some(Side::White), "the played one lost");
        let text = crate::game::platform::i18n::Tr::new(crate::game::platform::i18n::Lang::En)
            .msg(&Msg::new("coach-line").sub("words", words(&advice, &start)));
        assert!(text.contains(&move_to_string(&geo, advice.better)), "{text}");
        // A good move gets no advice.
        assert_eq!(advise(&start, advice.better, NODES), None);
    }
}
