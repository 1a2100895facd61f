//! Animations: hops along an arc, captured stones lifting out to the tray, shakes for
//! refused input, and chips of stone dust. Durations scale with the speed setting.

use super::rules::{AnimationsRunning, Rejected};
use super::textures::Textures;
use super::view::{BoardRoot, Cell, Stone, StoneShadow, TrayStone};
use super::{GameSet, Screen, Turn};
use bevy::math::curve::{Curve, EaseFunction, EasingCurve};
use bevy::prelude::*;

/// A sound cue raised by an animation.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sfx {
    /// A stone lands in a cup.
    Land,
    /// A stone is captured or lifted out.
    Capture,
    /// Refused input.
    Deny,
}

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

/// A captured or removed stone leaving the board for a tray.
#[derive(Component, Debug)]
pub struct Leaving {
    delay: f32,
    t: f32,
    lift: f32,
    fly: f32,
    from: Option<Vec3>,
    slot: Vec2,
    burst: bool,
}

impl Leaving {
    /// Leaves after `delay` s for tray `slot`.
    pub fn new(delay: f32, slot: Vec2, speed: f32) -> Leaving {
        let k = if speed > 0.0 { 1.0 / speed } else { 0.0 };
        Leaving { delay, t: 0.0, lift: 0.22 * k, fly: 0.45 * k, from: None, slot, burst: false }
    }
}

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
    app.add_message::<Sfx>().add_systems(
        Update,
        (fast_forward, animate_hops, animate_leaving, shake_rejected, animate_shakes, animate_chips, count_running)
            .chain()
            .in_set(GameSet::Presentation)
            .run_if(in_state(Screen::Game)),
    );
}

fn ease(t: f32, f: EaseFunction) -> f32 {
    EasingCurve::new(0.0, 1.0, f).sample_clamped(t)
}

/// A click, tap, key or button while a move animates finishes it at once.
fn fast_forward(
    turn: Res<State<Turn>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut hops: Query<&mut Hop>,
    mut leaving: Query<&mut Leaving>,
) {
    let clicked = mouse.is_some_and(|m| m.just_pressed(MouseButton::Left))
        || keys.is_some_and(|k| k.any_just_pressed([KeyCode::Enter, KeyCode::Space]));
    if *turn.get() != Turn::Animating || !clicked {
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
            sfx.write(Sfx::Land);
        }
        if progress >= n as f32 {
            let end = hop.path[n - 1];
            tf.translation = end.extend(4.0);
            tf.scale = Vec3::ONE;
            for c in children.iter() {
                if let Ok(mut s) = shadows.get_mut(c) {
                    s.translation = Vec3::new(0.05, -0.07, -0.5);
                    s.scale = Vec3::ONE;
                }
            }
            if hop.per_hop <= 0.0 {
                sfx.write(Sfx::Land);
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
        tf.translation = Vec3::new(p.x, p.y + height * 0.35, 10.0);
        let squash = if f > 0.85 { 1.0 - (f - 0.85) * 0.5 } else { 1.0 };
        tf.scale = Vec3::new(1.0 + height * 0.25, (1.0 + height * 0.25) * squash, 1.0);
        for c in children.iter() {
            if let Ok(mut s) = shadows.get_mut(c) {
                s.translation = Vec3::new(0.05 + height * 0.3, -0.07 - height * 0.55, -0.5);
                s.scale = Vec3::splat(1.0 - height * 0.5);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
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
            sfx.write(Sfx::Capture);
            if let Some(root) = root
                && let Some(textures) = &textures
                && l.lift > 0.0
            {
                for k in 0..7 {
                    let a = k as f32 * 0.9 + tf.translation.x;
                    let vel = Vec2::new(a.cos(), a.sin()) * (1.2 + (k % 3) as f32 * 0.5);
                    commands.spawn((
                        ChildOf(root),
                        Chip { vel, t: 0.0 },
                        Sprite {
                            image: textures.dot.clone(),
                            custom_size: Some(Vec2::splat(0.09)),
                            color: sprite.color.with_alpha(0.9),
                            ..default()
                        },
                        Transform::from_translation(tf.translation.truncate().extend(9.0)),
                    ));
                }
            }
        }
        l.t += time.delta_secs();
        let from = l.from.unwrap_or(tf.translation);
        let total = l.lift + l.fly;
        if l.t >= total {
            tf.translation = l.slot.extend(4.0);
            tf.scale = Vec3::splat(0.5 / 0.84);
            sprite.color = Color::WHITE;
            commands.entity(e).remove::<Leaving>().insert(TrayStone);
            continue;
        }
        if l.t < l.lift {
            // Lift out of the cup: rise, shrink a little, fade a little.
            let f = ease(l.t / l.lift, EaseFunction::CubicOut);
            tf.translation = Vec3::new(from.x, from.y + 0.15 * f, 9.0);
            tf.scale = Vec3::splat(1.0 + 0.15 * f);
            sprite.color = Color::WHITE.with_alpha(1.0 - 0.25 * f);
        } else {
            let f = ease((l.t - l.lift) / l.fly, EaseFunction::CubicInOut);
            let lifted = Vec2::new(from.x, from.y + 0.15);
            let p = lifted.lerp(l.slot, f);
            tf.translation = p.extend(9.0);
            tf.scale = Vec3::splat(1.15 + (0.5 / 0.84 - 1.15) * f);
            sprite.color = Color::WHITE.with_alpha(0.75 + 0.25 * f);
        }
    }
}

fn shake_rejected(
    mut commands: Commands,
    mut rejected: MessageReader<Rejected>,
    stones: Query<(Entity, &Stone, &Transform), Without<Shake>>,
    cells: Query<(Entity, &Cell, &Transform), Without<Shake>>,
    mut sfx: MessageWriter<Sfx>,
) {
    for r in rejected.read() {
        sfx.write(Sfx::Deny);
        let Some(at) = r.at else { continue };
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
        if s.t > 0.3 {
            tf.translation = s.origin;
            commands.entity(e).remove::<Shake>();
        } else {
            tf.translation.x = s.origin.x + (s.t * 60.0).sin() * 0.08 * (1.0 - s.t / 0.3);
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
        sprite.color = sprite.color.with_alpha((1.0 - c.t / 0.5).max(0.0));
        if c.t > 0.5 {
            commands.entity(e).despawn();
        }
    }
}

fn count_running(
    hops: Query<(), With<Hop>>,
    leaving: Query<(), With<Leaving>>,
    mut running: ResMut<AnimationsRunning>,
) {
    running.0 = hops.iter().count() + leaving.iter().count();
}
