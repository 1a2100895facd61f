//! Animations: hops along an arc, captured stones lifting out to the tray, a stone held by the
//! pointer, shakes for refused input, and chips of stone dust. Durations scale with the speed
//! setting; speed 0 shows every move at once.

use crate::game::board::input::{HeldStone, Selection, SkipAnimation};
use crate::game::board::textures::Textures;
use crate::game::board::view::{
    BoardRoot, Cell, HELD_SCALE, SHADOW_OFFSET, STONE_SIZE, Stone, StoneShadow, TRAY_STONE_SIZE, cell_pos,
    tray_contents, tray_slot, z,
};
use crate::game::platform::settings::Settings;
use crate::game::play::authority::{AnimationsRunning, BoardReset, MoveApplied, Rejected, Rules};
use crate::game::play::cues::Sfx;
use crate::game::play::screen::Screen;
use crate::synth::Effect;
use bevy::math::curve::{Curve, EaseFunction, EasingCurve};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

/// Seconds per hop at speed 1.
const HOP_SECONDS: f32 = 0.32;
/// Seconds a captured stone takes to rise out of its cup, and to fly to the tray, at speed 1.
const LIFT_SECONDS: f32 = 0.22;
const FLY_SECONDS: f32 = 0.45;
/// Length of the shake of a refused stone.
const SHAKE_SECONDS: f32 = 0.3;
/// Life of a chip of stone dust.
const CHIP_SECONDS: f32 = 0.5;
/// Scale of a tray stone relative to a board stone.
const TRAY_SCALE: f32 = TRAY_STONE_SIZE / STONE_SIZE;

/// A stone hopping cell by cell along `path`.
#[derive(Component, Debug)]
pub struct Hop {
    start: Vec2,
    path: Vec<Vec2>,
    per_hop: f32,
    t: f32,
}

impl Hop {
    /// A hop from `start` through each landing of `path`, `per_hop` seconds each.
    pub fn new(start: Vec2, path: Vec<Vec2>, per_hop: f32) -> Hop {
        Hop { start, path, per_hop, t: 0.0 }
    }
}

/// A captured stone leaving the board for a tray, or a stone lifted off in the opening
/// leaving the table (it rises and fades away).
#[derive(Component, Debug)]
pub struct Leaving {
    delay: f32,
    t: f32,
    lift: f32,
    fly: f32,
    from: Option<Vec3>,
    slot: Vec2,
    burst: bool,
    /// Taken in the opening (not captured): a quieter sound, raised by the audio plugin.
    removal: bool,
}

impl Leaving {
    /// Leaves after `delay` s for tray `slot` (a removal fades out where it rose instead).
    pub fn new(delay: f32, slot: Vec2, speed: f32, removal: bool) -> Leaving {
        let k = if speed > 0.0 { 1.0 / speed } else { 0.0 };
        Leaving { delay, t: 0.0, lift: LIFT_SECONDS * k, fly: FLY_SECONDS * k, from: None, slot, burst: false, removal }
    }
}

/// A stone lifted by the pointer: it follows the pointer until let go.
#[derive(Component)]
struct Lifted;

/// A stone settling into its cup after a hop: a small squash and rebound.
#[derive(Component, Debug)]
pub struct Settle {
    t: f32,
    length: f32,
}

/// How long settling takes, in hops.
const SETTLE_HOPS: f32 = 0.45;

/// How much a movable stone under the pointer grows, as if lifted a little.
const HOVER_LIFT: f32 = 0.06;

/// A short horizontal shake of a refused stone.
#[derive(Component)]
pub struct Shake {
    t: f32,
    origin: Vec3,
}

/// A flying chip of stone dust.
#[derive(Component)]
pub struct Chip {
    vel: Vec2,
    t: f32,
}

/// Animations; renderer-independent.
pub fn plugin(app: &mut App) {
    app.init_resource::<Motion>().add_systems(
        Update,
        (
            start_move_animation,
            follow_pointer,
            fast_forward,
            animate_hops,
            animate_leaving,
            shake_rejected,
            animate_shakes,
            animate_chips,
            animate_settle,
            hover_lift,
            count_running,
            ask_for_frames,
        )
            .chain()
            .in_set(crate::game::play::screen::ViewSet::OnBoard)
            .run_if(in_state(Screen::Game)),
    );
}

fn ease(t: f32, f: EaseFunction) -> f32 {
    EasingCurve::new(0.0, 1.0, f).sample_clamped(t)
}

/// Hands each forward move to the hop and leave animations (or snaps it when speed is 0).
fn start_move_animation(
    mut commands: Commands,
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    rules: Option<Res<Rules>>,
    settings: Res<Settings>,
    review: Res<crate::game::play::screen::Review>,
    layout: Res<crate::game::board::view::Layout>,
    mut stones: Query<(Entity, &mut Stone, &Transform)>,
) {
    // A reset in the same frame (new game, undo) already rebuilt the board as it is now; while
    // an earlier position is reviewed, moves are not shown (leaving the review rebuilds).
    if resets.read().count() > 0 || review.0.is_some() {
        applied.clear();
        return;
    }
    let messages: Vec<MoveApplied> = applied.read().cloned().collect();
    let Some(rules) = rules else { return };
    if messages.is_empty() {
        return;
    }
    let geo = *rules.game.geometry();
    let speed = settings.motion();
    let contents = tray_contents(&rules.game);
    // Each move's captures fill the tray from the slot after what was there before it.
    let mut base = [contents[0].len(), contents[1].len()];
    for m in messages.iter().rev().filter(|m| !m.mv.is_removal()) {
        base[m.mover.index()] = base[m.mover.index()].saturating_sub(m.captured.len());
    }
    for m in messages {
        let per_hop = if speed > 0.0 { HOP_SECONDS / speed } else { 0.0 };
        let mover_entity = stones.iter().find(|(_, s, _)| s.at == m.mv.from).map(|(e, ..)| e);
        for (i, cap) in m.captured.iter().enumerate() {
            if let Some((e, ..)) = stones.iter().find(|(_, s, _)| s.at == *cap) {
                let slot = leaving_slot(&geo, &m, *cap, &mut base, layout.trays_below);
                let delay = if m.mv.is_removal() { 0.0 } else { per_hop * (i as f32 + 0.5) };
                // A refusal's shake ends here: finishing later, it would put the stone back.
                commands.entity(e).remove::<(Stone, Shake)>().insert(Leaving::new(
                    delay,
                    slot,
                    speed,
                    m.mv.is_removal(),
                ));
            }
        }
        if let Some(e) = mover_entity
            && !m.mv.is_removal()
            && let Ok((_, mut stone, transform)) = stones.get_mut(e)
        {
            stone.at = m.mv.to;
            let path: Vec<Vec2> = m.mv.landings().iter().map(|c| cell_pos(&geo, *c)).collect();
            // A refusal's shake ends here: finishing after the hop, it would put the stone back
            // where it started.
            commands.entity(e).remove::<Shake>().insert(Hop::new(transform.translation.truncate(), path, per_hop));
        }
    }
}

/// Where a stone taken by move `m` goes: a capture to the mover's next tray slot (counted in
/// `base`), a stone lifted off in the opening nowhere (it fades where it stood).
fn leaving_slot(
    geo: &crate::rules::Geometry,
    m: &MoveApplied,
    cap: crate::rules::Coord,
    base: &mut [usize; 2],
    trays_below: bool,
) -> Vec2 {
    if m.mv.is_removal() {
        return cell_pos(geo, cap);
    }
    base[m.mover.index()] += 1;
    tray_slot(geo, m.mover, base[m.mover.index()] - 1, trays_below)
}

/// The selected stone follows a dragging pointer, lifted above the board. Let go, a stone
/// whose move was played is already hopping from where it was dropped; any other goes back
/// to its cup.
fn follow_pointer(
    mut commands: Commands,
    held: Res<HeldStone>,
    selection: Res<Selection>,
    rules: Option<Res<Rules>>,
    mut stones: Query<(Entity, &Stone, &mut Transform, Has<Lifted>, Has<Hop>)>,
) {
    let Some(rules) = rules else { return };
    let geo = *rules.game.geometry();
    let holding = held.from.filter(|from| selection.selected == Some(*from));
    for (e, stone, mut tf, lifted, hopping) in &mut stones {
        if holding == Some(stone.at) && !hopping {
            tf.translation = held.pointer.extend(z::HELD);
            tf.scale = Vec3::splat(HELD_SCALE);
            if !lifted {
                commands.entity(e).insert(Lifted);
            }
        } else if lifted {
            commands.entity(e).remove::<Lifted>();
            if !hopping {
                tf.translation = cell_pos(&geo, stone.at).extend(z::STONE);
                tf.scale = Vec3::ONE;
            }
        }
    }
}

/// A click, tap, key or button while a move animates finishes it at once.
fn fast_forward(mut skips: MessageReader<SkipAnimation>, mut hops: Query<&mut Hop>, mut leaving: Query<&mut Leaving>) {
    if skips.read().count() == 0 {
        return;
    }
    for mut h in &mut hops {
        h.t = f32::MAX / 4.0;
    }
    for mut l in &mut leaving {
        l.delay = 0.0;
        l.t = f32::MAX / 4.0;
    }
}

fn animate_hops(
    mut commands: Commands,
    time: Res<Time>,
    mut hops: Query<(Entity, &mut Hop, &mut Transform, &Children)>,
    mut shadows: Query<&mut Transform, (With<StoneShadow>, Without<Hop>)>,
    mut sfx: MessageWriter<Sfx>,
) {
    for (e, mut hop, mut tf, children) in &mut hops {
        let before = if hop.per_hop > 0.0 { (hop.t / hop.per_hop).floor() as usize } else { usize::MAX };
        hop.t += time.delta_secs();
        let n = hop.path.len();
        let progress = if hop.per_hop > 0.0 { hop.t / hop.per_hop } else { n as f32 };
        let after = progress.floor() as usize;
        if after > before {
            sfx.write(Sfx(Effect::Land(before.min(255) as u8)));
        }
        if progress >= n as f32 {
            let end = hop.path[n - 1];
            tf.translation = end.extend(z::STONE);
            tf.scale = Vec3::ONE;
            for c in children.iter() {
                if let Ok(mut s) = shadows.get_mut(c) {
                    s.translation = SHADOW_OFFSET;
                    s.scale = Vec3::ONE;
                }
            }
            if hop.per_hop <= 0.0 {
                sfx.write(Sfx(Effect::Land(0)));
            } else {
                // A tiny bounce as it settles into the cup.
                commands.entity(e).insert(Settle { t: 0.0, length: SETTLE_HOPS * hop.per_hop });
            }
            commands.entity(e).remove::<Hop>();
            continue;
        }
        let i = after.min(n - 1);
        let from = if i == 0 { hop.start } else { hop.path[i - 1] };
        let to = hop.path[i];
        let f = progress - i as f32;
        let along = ease(f, EaseFunction::QuadraticInOut);
        let height = (f * std::f32::consts::PI).sin() * 0.45;
        let p = from.lerp(to, along);
        // Lift toward the viewer: up on screen, larger, shadow falls further away and shrinks.
        tf.translation = Vec3::new(p.x, p.y + height * 0.35, z::HOPPING);
        let squash = if f > 0.85 { 1.0 - (f - 0.85) * 0.5 } else { 1.0 };
        tf.scale = Vec3::new(1.0 + height * 0.25, (1.0 + height * 0.25) * squash, 1.0);
        for c in children.iter() {
            if let Ok(mut s) = shadows.get_mut(c) {
                s.translation = SHADOW_OFFSET + Vec3::new(height * 0.3, -height * 0.55, 0.0);
                s.scale = Vec3::splat(1.0 - height * 0.5);
            }
        }
    }
}

/// Where a stone leaving for its tray is drawn, `l.t` seconds after it started from `from`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Pose {
    at: Vec3,
    scale: f32,
    alpha: f32,
}

/// The pose of a leaving stone: it lifts out of its cup (rising, a little larger, a little
/// faded), then flies to its tray slot, shrinking to the tray's size — or, lifted off in the
/// opening, rises on and fades away. `None` once it is there (or gone).
fn leaving_pose(l: &Leaving, from: Vec3) -> Option<Pose> {
    if l.t >= l.lift + l.fly {
        return None;
    }
    Some(if l.t < l.lift {
        let f = ease(l.t / l.lift, EaseFunction::CubicOut);
        Pose { at: Vec3::new(from.x, from.y + 0.15 * f, z::FLYING), scale: 1.0 + 0.15 * f, alpha: 1.0 - 0.25 * f }
    } else if l.removal {
        let f = ease((l.t - l.lift) / l.fly, EaseFunction::CubicIn);
        Pose {
            at: Vec3::new(from.x, from.y + 0.15 + 0.2 * f, z::FLYING),
            scale: 1.15 + 0.1 * f,
            alpha: 0.75 * (1.0 - f),
        }
    } else {
        let f = ease((l.t - l.lift) / l.fly, EaseFunction::CubicInOut);
        let lifted = Vec2::new(from.x, from.y + 0.15);
        Pose {
            at: lifted.lerp(l.slot, f).extend(z::FLYING),
            scale: 1.15 + (TRAY_SCALE - 1.15) * f,
            alpha: 0.75 + 0.25 * f,
        }
    })
}

/// The velocities of the chips a captured stone bursts into, from where it stood (`x` varies
/// the angles from one stone to the next).
fn chip_velocities(x: f32) -> [Vec2; 7] {
    std::array::from_fn(|k| {
        let a = k as f32 * 0.9 + x;
        Vec2::new(a.cos(), a.sin()) * (1.2 + (k % 3) as f32 * 0.5)
    })
}

fn animate_leaving(
    mut commands: Commands,
    time: Res<Time>,
    textures: Option<Res<Textures>>,
    roots: Query<Entity, With<BoardRoot>>,
    mut leaving: Query<(Entity, &mut Leaving, &mut Transform, &mut Sprite)>,
    mut sfx: MessageWriter<Sfx>,
) {
    let root = roots.single().ok();
    for (e, mut l, mut tf, mut sprite) in &mut leaving {
        if l.from.is_none() {
            l.from = Some(tf.translation);
        }
        if l.delay > 0.0 {
            l.delay -= time.delta_secs();
            continue;
        }
        if !l.burst {
            l.burst = true;
            if !l.removal {
                sfx.write(Sfx(Effect::Capture));
            }
            if let Some(root) = root
                && let Some(textures) = &textures
                && l.lift > 0.0
                && !l.removal
            {
                for vel in chip_velocities(tf.translation.x) {
                    commands.spawn((
                        ChildOf(root),
                        Chip { vel, t: 0.0 },
                        Sprite {
                            image: textures.dot.clone(),
                            custom_size: Some(Vec2::splat(0.09)),
                            color: sprite.color.with_alpha(0.9),
                            ..default()
                        },
                        Transform::from_translation(tf.translation.truncate().extend(z::FLYING)),
                    ));
                }
            }
        }
        l.t += time.delta_secs();
        let from = l.from.unwrap_or(tf.translation);
        match leaving_pose(&l, from) {
            Some(pose) => {
                tf.translation = pose.at;
                tf.scale = Vec3::splat(pose.scale);
                sprite.color = Color::WHITE.with_alpha(pose.alpha);
            }
            None if l.removal => commands.entity(e).despawn(),
            None => {
                tf.translation = l.slot.extend(z::STONE);
                tf.scale = Vec3::splat(TRAY_SCALE);
                sprite.color = Color::WHITE;
                commands.entity(e).remove::<Leaving>();
            }
        }
    }
}

fn shake_rejected(
    mut commands: Commands,
    mut rejected: MessageReader<Rejected>,
    stones: Query<(Entity, &Stone, &Transform), Without<Shake>>,
    cells: Query<(Entity, &Cell, &Transform), Without<Shake>>,
    mut sfx: MessageWriter<Sfx>,
    settings: Res<Settings>,
) {
    for r in rejected.read() {
        sfx.write(Sfx(Effect::Deny));
        // A lesson's "not this one" is a hint, not a fault: the stone stays still; with
        // reduced motion nothing shakes (the refusal's cross and words remain).
        let Some(at) = r.at.filter(|_| !r.guidance && settings.motion() > 0.0) else { continue };
        if let Some((e, _, tf)) = stones.iter().find(|(_, s, _)| s.at == at) {
            commands.entity(e).insert(Shake { t: 0.0, origin: tf.translation });
        } else if let Some((e, _, tf)) = cells.iter().find(|(_, c, _)| c.0 == at) {
            commands.entity(e).insert(Shake { t: 0.0, origin: tf.translation });
        }
    }
}

fn animate_shakes(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Shake, &mut Transform), Without<Hop>>,
) {
    for (e, mut s, mut tf) in &mut q {
        s.t += time.delta_secs();
        if s.t > SHAKE_SECONDS {
            tf.translation = s.origin;
            commands.entity(e).remove::<Shake>();
        } else {
            tf.translation.x = s.origin.x + (s.t * 60.0).sin() * 0.08 * (1.0 - s.t / SHAKE_SECONDS);
        }
    }
}

fn animate_chips(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Chip, &mut Transform, &mut Sprite)>,
) {
    let dt = time.delta_secs();
    for (e, mut c, mut tf, mut sprite) in &mut q {
        c.t += dt;
        c.vel.y -= 6.0 * dt;
        tf.translation += (c.vel * dt).extend(0.0);
        sprite.color = sprite.color.with_alpha((1.0 - c.t / CHIP_SECONDS).max(0.0));
        if c.t > CHIP_SECONDS {
            commands.entity(e).despawn();
        }
    }
}

/// What is moving on the board right now, for anything that waits on it (the script driver).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Motion {
    /// How far along the furthest running hop is, in hops.
    pub hop_progress: Option<f32>,
    /// Where the stone held by the pointer is drawn (board units), if one is held.
    pub held_at: Option<Vec2>,
}

fn animate_settle(mut commands: Commands, time: Res<Time>, mut settling: Query<(Entity, &mut Settle, &mut Transform)>) {
    for (e, mut s, mut tf) in &mut settling {
        s.t += time.delta_secs();
        let x = (s.t / s.length.max(1e-3)).min(1.0);
        let wobble = (x * std::f32::consts::TAU).sin() * (1.0 - x) * 0.06;
        tf.scale = Vec3::new(1.0 + wobble, 1.0 - wobble, 1.0);
        if x >= 1.0 {
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<Settle>();
        }
    }
}

/// A stone the player could move rises a little under the pointer (not at speed 0).
fn hover_lift(
    time: Res<Time>,
    selection: Res<Selection>,
    held: Res<HeldStone>,
    rules: Option<Res<Rules>>,
    turn: Res<State<crate::game::play::screen::Turn>>,
    settings: Res<crate::game::platform::settings::Settings>,
    mut stones: Query<(&Stone, &mut Transform), (Without<Hop>, Without<Settle>, Without<Lifted>, Without<Leaving>)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(rules) = rules else { return };
    let human = *turn.get() == crate::game::play::screen::Turn::Human && settings.motion() > 0.0;
    let hovered = selection.hover.filter(|h| {
        human && held.from.is_none() && selection.selected.is_none() && rules.legal_moves().iter().any(|m| m.from == *h)
    });
    let k = (time.delta_secs() * 14.0 * settings.motion().max(0.25)).min(1.0);
    for (stone, mut tf) in &mut stones {
        let target = if Some(stone.at) == hovered { 1.0 + HOVER_LIFT } else { 1.0 };
        let now = tf.scale.x;
        if (now - target).abs() > 1e-4 {
            let next = if settings.motion() > 0.0 { now + (target - now) * k } else { target };
            let next = if (next - target).abs() <= 1e-4 { target } else { next };
            tf.scale = Vec3::new(next, next, 1.0);
            redraw.write(RequestRedraw);
        }
    }
}

/// Frames while anything on the board moves (the game draws nothing while all stands still).
fn ask_for_frames(
    moving: Query<(), Or<(With<Hop>, With<Leaving>, With<Shake>, With<Chip>, With<Settle>)>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !moving.is_empty() {
        redraw.write(RequestRedraw);
    }
}

fn count_running(
    hops: Query<&Hop>,
    leaving: Query<(), With<Leaving>>,
    held: Query<&Transform, (With<Stone>, With<Lifted>)>,
    mut running: ResMut<AnimationsRunning>,
    mut motion: ResMut<Motion>,
) {
    running.0 = hops.iter().count() + leaving.iter().count();
    motion.hop_progress = hops.iter().map(|h| if h.per_hop > 0.0 { h.t / h.per_hop } else { 0.0 }).reduce(f32::max);
    motion.held_at = held.iter().next().map(|t| t.translation.truncate());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_captured_stone_lifts_out_of_its_cup_then_flies_to_its_tray_slot() {
        let slot = Vec2::new(6.0, -2.0);
        let from = Vec3::new(1.0, 1.0, z::STONE);
        let mut l = Leaving::new(0.0, slot, 1.0, false);
        let at = |l: &Leaving| leaving_pose(l, from);
        l.t = l.lift / 2.0;
        let lifting = at(&l).unwrap();
        assert!(lifting.at.y > from.y && lifting.at.x == from.x, "it rises straight up");
        assert!(lifting.scale > 1.0 && lifting.alpha < 1.0);
        l.t = l.lift + l.fly * 0.999;
        let arriving = at(&l).unwrap();
        assert!(arriving.at.truncate().distance(slot) < 0.01);
        assert!((arriving.scale - TRAY_SCALE).abs() < 0.01);
        l.t = l.lift + l.fly;
        assert_eq!(at(&l), None, "there: the stone rests in the tray");
        // At animation speed 0 it is in the tray at once.
        assert_eq!(leaving_pose(&Leaving::new(0.0, slot, 0.0, true), from), None);
    }

    #[test]
    fn a_stone_lifted_off_in_the_opening_rises_and_fades_away_where_it_stood() {
        let from = Vec3::new(1.0, 1.0, z::STONE);
        let mut l = Leaving::new(0.0, Vec2::new(6.0, -2.0), 1.0, true);
        l.t = l.lift + l.fly * 0.5;
        let going = leaving_pose(&l, from).unwrap();
        assert_eq!(going.at.x, from.x, "it does not fly to a tray");
        assert!(going.at.y > from.y && going.alpha < 0.75);
        l.t = l.lift + l.fly * 0.999;
        assert!(leaving_pose(&l, from).unwrap().alpha < 0.01, "gone from sight");
        l.t = l.lift + l.fly;
        assert_eq!(leaving_pose(&l, from), None);
    }

    #[test]
    fn a_capture_bursts_into_chips_flying_every_way() {
        let v = chip_velocities(0.3);
        let sum: Vec2 = v.iter().copied().sum();
        assert!(v.iter().all(|c| c.length() >= 1.2));
        assert!(sum.length() < v.iter().map(|c| c.length()).sum::<f32>() / 2.0, "not all one way");
    }
}
