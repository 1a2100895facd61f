//! The bridge to assistive technology: egui builds the AccessKit tree of the whole window
//! (bevy_egui's `accesskit` feature hands it to AT-SPI on Linux); this module makes that tree
//! follow the game's own focus and lets a screen reader press what it reads.
//!
//! - The game keeps its own focus (the menus' focused item, the board's cursor), not egui's:
//!   the interface names the widget that has it with [`focus`] while drawing, and
//!   [`point_focus`] makes it the tree's focus, so a reader says what a pad or key moved to.
//! - A reader's actions (AT-SPI `DoAction`, "click") arrive as Bevy `ActionRequest`s and are
//!   passed to egui, which answers them as it answers a click; egui's own focus is given
//!   up again unless a text field has it.

use bevy::a11y::ActionRequest;
use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiInput, EguiOutput, EguiPostUpdateSet, EguiPreUpdateSet, PrimaryEguiContext, egui};

/// The key under which this frame's focused widget is kept in egui's memory.
fn focus_key() -> egui::Id {
    egui::Id::new("konane-access-focus")
}

/// Names the widget that has the game's focus this frame (the last call wins).
pub fn focus(ctx: &egui::Context, id: egui::Id) {
    ctx.data_mut(|d| d.insert_temp(focus_key(), id));
}

/// The window's assistive-technology bridge (only where there is a window and egui).
pub fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        forward_action_requests.after(bevy_egui::EguiInputSet::WriteEguiEvents).before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(
        PostUpdate,
        point_focus.after(EguiPostUpdateSet::ProcessOutput).before(bevy_egui::update_accessibility_system),
    );
}

/// A reader's requests become egui input events for the next pass.
fn forward_action_requests(
    mut requests: MessageReader<ActionRequest>,
    mut inputs: Query<&mut EguiInput, With<PrimaryEguiContext>>,
) {
    let Ok(mut input) = inputs.single_mut() else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        input.events.push(egui::Event::AccessKitActionRequest(request.0.clone()));
    }
}

/// The tree's focus is the widget the game named with [`focus`], when it is in the tree.
fn point_focus(mut contexts: Query<(&mut EguiContext, &mut EguiOutput), With<PrimaryEguiContext>>) {
    let Ok((mut context, mut output)) = contexts.single_mut() else { return };
    let ctx = context.get_mut();
    // egui focuses a widget a reader (or Tab) acts on; the game's focus is its own, and a
    // focused egui button would take Enter and the arrows from it. Only a text field keeps
    // egui's focus.
    if !ctx.text_edit_focused()
        && let Some(id) = ctx.memory(|m| m.focused())
    {
        ctx.memory_mut(|m| m.surrender_focus(id));
    }
    let named = ctx.data_mut(|d| {
        let named = d.get_temp::<egui::Id>(focus_key());
        d.remove::<egui::Id>(focus_key());
        named
    });
    if let (Some(id), Some(update)) = (named, output.platform_output.accesskit_update.as_mut()) {
        let node = id.accesskit_id();
        if update.nodes.iter().any(|(n, _)| *n == node) {
            update.focus = node;
        }
    }
}
