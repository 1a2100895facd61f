//! The pointer on the board: one observer set on the board root turns picking events (hover,
//! click, drag and drop) into the selection, the held stone and cell activations. While the
//! interface has the pointer ([`UiHasPointer`], set by the last UI pass), a hover, a click, a
//! drag's start and a drop do nothing here: they were the panel's. A drag the board started
//! goes on (and ends) wherever the pointer goes.

use super::*;

/// Every new board root gets the one observer set that turns pointer events into input.
pub(super) fn observe_board_pointer(ev: On<Add, BoardRoot>, mut commands: Commands) {
    commands
        .entity(ev.entity)
        .observe(on_over)
        .observe(on_out)
        .observe(on_click)
        .observe(on_drag_start)
        .observe(on_drag)
        .observe(on_drag_end)
        .observe(on_drop);
}

/// The cell a bubbling pointer event started on.
fn cell_of<E: std::fmt::Debug + Clone + Reflect>(ev: &On<Pointer<E>>, cells: &Query<&Cell>) -> Option<Coord> {
    cells.get(ev.original_event_target()).ok().map(|c| c.0)
}

/// Whether the pointer was the interface's in the last UI pass.
fn ui_has(ui: &Option<Res<UiHasPointer>>) -> bool {
    ui.as_ref().is_some_and(|u| u.0)
}

fn on_over(ev: On<Pointer<Over>>, cells: Query<&Cell>, mut sel: ResMut<Selection>, ui: Option<Res<UiHasPointer>>) {
    if ui_has(&ui) {
        return;
    }
    if let Some(c) = cell_of(&ev, &cells) {
        sel.hover = Some(c);
    }
}

fn on_out(ev: On<Pointer<Out>>, cells: Query<&Cell>, mut sel: ResMut<Selection>) {
    if let Some(c) = cell_of(&ev, &cells)
        && sel.hover == Some(c)
    {
        sel.hover = None;
    }
}

fn on_click(
    ev: On<Pointer<Click>>,
    cells: Query<&Cell>,
    mut act: MessageWriter<CellActivated>,
    mut cancel: MessageWriter<CancelSelection>,
    ui: Option<Res<UiHasPointer>>,
) {
    if ui_has(&ui) {
        return;
    }
    let Some(c) = cell_of(&ev, &cells) else { return };
    match ev.event.button {
        PointerButton::Primary => {
            act.write(CellActivated(c));
        }
        PointerButton::Secondary => {
            cancel.write(CancelSelection);
        }
        PointerButton::Middle => {}
    }
}

fn on_drag_start(
    ev: On<Pointer<DragStart>>,
    cells: Query<&Cell>,
    sel: Res<Selection>,
    layout: Res<Layout>,
    mut held: ResMut<HeldStone>,
    mut act: MessageWriter<CellActivated>,
    ui: Option<Res<UiHasPointer>>,
) {
    if ev.event.button != PointerButton::Primary || ui_has(&ui) {
        return;
    }
    let Some(c) = cell_of(&ev, &cells) else { return };
    if sel.selected != Some(c) {
        act.write(CellActivated(c));
    }
    // The stone follows the pointer once the rules made it the selection (the view checks),
    // whatever order this frame's pointer events came in.
    *held = HeldStone { from: Some(c), pointer: layout.from_screen(ev.pointer_location.position) };
}

fn on_drag(ev: On<Pointer<Drag>>, layout: Res<Layout>, mut held: ResMut<HeldStone>) {
    if ev.event.button == PointerButton::Primary && held.from.is_some() {
        held.pointer = layout.from_screen(ev.pointer_location.position);
    }
}

fn on_drag_end(ev: On<Pointer<DragEnd>>, mut held: ResMut<HeldStone>) {
    if ev.event.button == PointerButton::Primary {
        held.from = None;
    }
}

fn on_drop(
    ev: On<Pointer<DragDrop>>,
    cells: Query<&Cell>,
    mut act: MessageWriter<CellActivated>,
    ui: Option<Res<UiHasPointer>>,
) {
    if ev.event.button == PointerButton::Primary
        && !ui_has(&ui)
        && ev.event.dropped != ev.original_event_target()
        && let Some(c) = cell_of(&ev, &cells)
    {
        act.write(CellActivated(c));
    }
}
