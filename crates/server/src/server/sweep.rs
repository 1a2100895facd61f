//! The server's rounds: four times a second, flags that fell end their games on time; every
//! second, games whose seat holder stayed away too long end as abandoned (not games by
//! correspondence, where the clock decides), and finished games nobody follows leave memory.

use super::*;

/// How often flags are looked at.
const FLAG_TICK: Duration = Duration::from_millis(250);

/// Runs the rounds until the server stops.
pub(super) async fn sweep(shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(FLAG_TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut said = Instant::now();
    let mut rounds: u64 = 0;
    loop {
        tick.tick().await;
        rounds += 1;
        let mut ended = flags(&shared);
        if rounds.is_multiple_of(4) {
            let now = Instant::now();
            if shared.cluster.is_some() {
                let say = now.duration_since(said) >= cluster::PRESENCE_EVERY;
                if say {
                    said = now;
                }
                cluster::renew_presence(&shared, now, say);
            }
            ended.extend(abandoned(&shared, now));
        }
        for (code, outcome, done) in ended {
            if done.await.is_ok_and(|r| r.is_ok())
                && let Some(live) = shared.hub.lock().unwrap().games.get(&code)
            {
                let clock = live.clock_view(shared.wall.now_ms());
                live.send_all(&ServerMsg::Ended { outcome, clock });
            }
        }
    }
}

/// A game that ended in a round: its code, result, and the commit of its end.
type Ending = (String, Outcome, oneshot::Receiver<Result<(), String>>);

/// Games whose running clock reached zero (the round-trip allowance of the side to move
/// granted for a move on its way) end: the other side wins on time.
fn flags(shared: &Shared) -> Vec<Ending> {
    let now = shared.wall.now_ms();
    let mut hub = shared.hub.lock().unwrap();
    let mut ended = Vec::new();
    for (code, live) in hub.games.iter_mut() {
        let Some(running) = live.running() else { continue };
        let Some(clock) = &live.clock else { continue };
        if !clock.flag_fell(running, now, live.allowance(running)) {
            continue;
        }
        let outcome = Outcome { winner: Some(running.other()), how: EndReason::Time };
        let keep = end_now(live, code, outcome, now, now.div_euclid(1000));
        ended.push((code.clone(), outcome, shared.store.queue_all(keep)));
    }
    ended
}

/// Ends `live` with `outcome` at `now` (the server's clock, Unix milliseconds; `at` the end's
/// Unix time in seconds, kept with it): the clocks stop; the changes to keep.
pub(super) fn end_now(live: &mut Live, code: &str, outcome: Outcome, now: i64, at: i64) -> Vec<Op> {
    live.stop_clock(now);
    live.outcome = Some(outcome);
    live.undo_asked = None;
    live.host = None;
    let mut keep = vec![Op::End { code: code.to_string(), outcome, at }];
    keep.extend(live.keep_clock(code));
    keep
}

/// Games whose seat holder stayed away longer than the server keeps them end as abandoned
/// (correspondence games wait for their clock instead); finished games with nobody connected
/// for a while leave memory.
fn abandoned(shared: &Shared, now: Instant) -> Vec<Ending> {
    let mut ended = Vec::new();
    let mut hub = shared.hub.lock().unwrap();
    hub.guesses.sweep(now);
    let keep = shared.config.keep;
    hub.games.retain(|_, live| {
        !(live.outcome.is_some() && live.empty_since.is_some_and(|t| now.duration_since(t) > FORGET_FINISHED))
    });
    let Hub { games, watch_codes, .. } = &mut *hub;
    watch_codes.retain(|_, code| games.contains_key(code));
    let now_ms = shared.wall.now_ms();
    for (code, live) in hub.games.iter_mut() {
        if live.outcome.is_some() || matches!(live.control(), TimeControl::Correspondence { .. }) {
            continue;
        }
        if live.away_since.iter().flatten().any(|t| now.duration_since(*t) > keep) {
            let outcome = Outcome { winner: None, how: EndReason::Abandoned };
            let ops = end_now(live, code, outcome, now_ms, unix_now());
            ended.push((code.clone(), outcome, shared.store.queue_all(ops)));
        }
    }
    ended
}
