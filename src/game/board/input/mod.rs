//! Input: every device becomes the same few messages. One action map binds keys and gamepad
//! buttons; pointer events on the board (one observer on the board root: picking events bubble
//! up from the cups) become cell activations. Recording what the devices did runs before
//! interpreting it, and interpretation turns activations into intents using only what the
//! rules resource says is legal.

use crate::game::board::view::{BoardRoot, Cell, Layout};
use crate::game::platform::bindings::{
    Bindings, COMMANDS, Chord, Command, bindable_button, bindable_key, button_name, chord_name,
};
pub use crate::game::platform::device::{LastDevice, TypingText};
use crate::game::platform::i18n::{Msg, side_key};
use crate::game::platform::settings::{Controller, Settings};
use crate::game::play::ai_task::HintRequest;
use crate::game::play::authority::{Intent, Rejected, Rules};
use crate::game::play::screen::{GameSet, Navigate, Overlay, Review, Screen, Turn};
use crate::game::play::spoken::{DescribePosition, MoveProposed};
use crate::rules::{Coord, Move, Phase};
use bevy::input::gamepad::{Gamepad, GamepadAxis, GamepadButton};
use bevy::picking::events::{Click, Drag, DragDrop, DragEnd, DragStart, Out, Over, Pointer};
use bevy::picking::pointer::PointerButton;
use bevy::prelude::*;

mod devices;
mod pointer;

use devices::*;
use pointer::observe_board_pointer;

/// A cell was chosen (click, tap, Enter/Space, gamepad South, script).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellActivated(pub Coord);

/// Drop the current selection.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct CancelSelection;

/// Finish the running move animation at once (a click, tap, key or button while it runs).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SkipAnimation;

/// What a key or button means, whichever device it came from.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// One step in a direction (x right, y down): on the first press, then repeating while held.
    Step(IVec2),
    /// Activate the cell under the cursor or the focused menu item; skips an animation.
    Confirm,
    /// Drop the selection, or go back (close a menu, answer No).
    Cancel,
    /// Take back a move.
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Open or close the pause menu.
    Pause,
    /// Sound off or on again.
    Mute,
    /// Delete the focused saved game (asks first).
    Delete,
    /// Read the whole position out (for a screen reader).
    Describe,
    /// Open the field where a move is typed in notation.
    TypeMove,
    /// Ask for a hint (as the bar's Hint button does).
    Hint,
    /// Open or close the move list (as the bar's Moves button does).
    MoveList,
}

/// The Controls screen asks for a new key or button for this command.
#[derive(Message, Clone, Copy, Debug)]
pub struct StartCapture(pub Command);

/// A command waiting for its new key or pad button (the Controls screen), and why the last
/// press was refused. Only [`capture_binding`] changes it.
#[derive(Resource, Default, Debug, Clone)]
pub struct Capture {
    /// The command being rebound, if one is.
    pub command: Option<Command>,
    /// The last press was taken by another command: its name and the command's.
    pub refused: Option<Msg>,
}

/// Open the field where a move is typed in notation (`c3-c5`, Enter).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct OpenMoveEntry;

/// What a command does: a step in a direction (x right, y down), or an action.
fn meaning(c: Command) -> Result<IVec2, Action> {
    match c {
        Command::Up => Ok(IVec2::NEG_Y),
        Command::Down => Ok(IVec2::Y),
        Command::Left => Ok(IVec2::NEG_X),
        Command::Right => Ok(IVec2::X),
        Command::Confirm => Err(Action::Confirm),
        Command::Cancel => Err(Action::Cancel),
        Command::Undo => Err(Action::Undo),
        Command::Redo => Err(Action::Redo),
        Command::Pause => Err(Action::Pause),
        Command::Mute => Err(Action::Mute),
        Command::Delete => Err(Action::Delete),
        Command::Describe => Err(Action::Describe),
        Command::TypeMove => Err(Action::TypeMove),
        Command::Hint => Err(Action::Hint),
        Command::MoveList => Err(Action::MoveList),
    }
}

/// How far the left stick must lean to count as a direction.
const STICK_DEADZONE: f32 = 0.5;
/// Delay before a held direction repeats, and the repeat interval, in seconds.
const REPEAT_DELAY: f32 = 0.35;
const REPEAT_EVERY: f32 = 0.09;

/// The stages of input within [`GameSet::Input`], in order: devices are read, the board
/// interprets the actions, the menus interpret them, then activated cells become intents.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InputStage {
    /// Keys, pads, the pointer and the script become actions, directions and activations.
    Record,
    /// Actions on the board become cursor moves and intents (and M mutes).
    Interpret,
    /// An open menu takes the actions: focus, choices, and the menus opened or closed.
    Menus,
    /// Activated cells become selections and moves.
    Cells,
}

/// What the player is pointing at and has picked up.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    /// The stone picked up, if any.
    pub selected: Option<Coord>,
    /// The cell under the mouse.
    pub hover: Option<Coord>,
    /// With "confirm each move": the move proposed by the first tap on its landing, played by
    /// a second tap there (or Enter); anything else withdraws it.
    pub pending: Option<Move>,
}

impl Selection {
    /// Legal moves of the selected stone.
    pub fn moves_of_selected(&self, rules: &Rules) -> Vec<Move> {
        match self.selected {
            Some(from) => rules.legal_moves().into_iter().filter(|m| m.from == from).collect(),
            None => Vec::new(),
        }
    }
}

/// A stone being dragged by the pointer: the cell it was picked from and where the pointer is
/// (board units).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct HeldStone {
    /// The cell the drag started on, while the button is held.
    pub from: Option<Coord>,
    /// The pointer, in board units.
    pub pointer: Vec2,
}

/// The keyboard/gamepad cursor.
#[derive(Resource, Debug, Clone)]
pub struct BoardCursor {
    /// Cell under the cursor.
    pub at: Coord,
    /// Hidden while the mouse is in use.
    pub visible: bool,
}

impl Default for BoardCursor {
    fn default() -> Self {
        BoardCursor { at: Coord::new(0, 0), visible: false }
    }
}

/// Whether the interface (a text field, a focused button) has the keyboard; set by the UI.
/// While it does, the board ignores keys and pad buttons.
#[derive(Resource, Default, Debug)]
pub struct UiHasKeyboard(pub bool);

/// Whether the pointer is the interface's: over a panel, a menu, a card or the bar, or held
/// by a control of theirs (a slider being dragged). Set by the UI at the end of its pass
/// ([`crate::game::ui`]'s `note_pointer_use`), read by the board's pointer handlers in the
/// next frame's picking: the explicit order "egui pass, then board input" that keeps a click
/// on a panel from also reaching the board under it.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct UiHasPointer(pub bool);

/// Run condition: the board may read keys and buttons.
pub fn board_has_keyboard(ui: Option<Res<UiHasKeyboard>>) -> bool {
    !ui.is_some_and(|u| u.0)
}

/// Interpreting input: needs no window (headless tests send [`CellActivated`] directly).
pub(crate) fn interaction_plugin(app: &mut App) {
    crate::game::platform::redraw::settle_on_resource::<Selection>(app);
    app.add_message::<CellActivated>()
        .add_message::<CancelSelection>()
        .add_message::<SkipAnimation>()
        .add_message::<Action>()
        .add_message::<OpenMoveEntry>()
        .add_message::<StartCapture>()
        .init_resource::<Capture>()
        .init_resource::<Selection>()
        .init_resource::<BoardCursor>()
        .init_resource::<HeldStone>()
        .init_resource::<HeldDirection>()
        .init_resource::<LastDevice>()
        .init_resource::<UiHasKeyboard>()
        .init_resource::<UiHasPointer>()
        .init_resource::<TypingText>()
        .configure_sets(
            Update,
            (InputStage::Record, InputStage::Interpret, InputStage::Menus, InputStage::Cells)
                .chain()
                .in_set(GameSet::Input),
        )
        .add_systems(
            Update,
            (
                apply_actions.in_set(InputStage::Interpret),
                resolve_activations.run_if(in_state(Screen::Game)).in_set(InputStage::Cells),
            ),
        )
        .add_systems(Update, forget_the_last_game.in_set(GameSet::Presentation))
        .add_systems(OnEnter(Screen::Game), reset_per_game)
        .add_systems(OnExit(Screen::Game), reset_per_game);
}

/// Reading devices: keys, gamepads and the pointer on the board.
pub fn device_plugin(app: &mut App) {
    app.add_observer(observe_board_pointer).add_systems(
        Update,
        (mouse_hides_cursor, capture_binding, read_devices.run_if(board_has_keyboard).run_if(not_capturing))
            .chain()
            .in_set(InputStage::Record),
    );
}

/// Run condition: no command is waiting for a new key (then keys and buttons do nothing else).
fn not_capturing(capture: Res<Capture>) -> bool {
    capture.command.is_none()
}

/// The Controls screen's rebinding: after [`StartCapture`], the next key (with Ctrl or not)
/// or pad button becomes the command's only binding on that device, unless another command
/// has it (then the press is refused, said, and the next one is awaited). Esc gives up.
pub fn capture_binding(
    mut start: MessageReader<StartCapture>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    pads: Query<&Gamepad>,
    settings: Res<Settings>,
    mut capture: ResMut<Capture>,
    mut edits: MessageWriter<crate::game::platform::settings::EditSettings>,
    overlay: Res<Overlay>,
) {
    if let Some(StartCapture(c)) = start.read().last() {
        *capture = Capture { command: Some(*c), refused: None };
        return;
    }
    let Some(c) = capture.command else { return };
    if *overlay != Overlay::Controls {
        // The Controls screen was left (with the mouse) while it waited: nothing to rebind.
        *capture = Capture::default();
        return;
    }
    let mut presses: Vec<Result<Chord, GamepadButton>> = Vec::new();
    if let Some(keys) = keys.as_deref() {
        let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
        presses.extend(keys.get_just_pressed().filter(|k| bindable_key(**k)).map(|k| Ok(Chord { key: *k, ctrl })));
    }
    for pad in &pads {
        presses.extend(pad.get_just_pressed().filter(|b| bindable_button(**b)).map(|b| Err(*b)));
    }
    let Some(press) = presses.into_iter().next() else { return };
    let mut bindings = settings.bindings.clone();
    let (bound, name) = match press {
        Ok(chord) if chord.key == KeyCode::Escape && !chord.ctrl => {
            *capture = Capture::default();
            return;
        }
        Ok(chord) => (bindings.bind_key(c, chord), chord_name(chord)),
        Err(button) => (bindings.bind_button(c, button), button_name(button)),
    };
    match bound {
        Ok(()) => {
            edits.write(crate::game::platform::settings::EditSettings::new(move |s| s.bindings = bindings));
            *capture = Capture::default();
        }
        Err(other) => {
            let taken = Msg::new("controls-taken").text("key", name).sub("command", command_words(other));
            capture.refused = Some(taken);
        }
    }
}

/// A command's name for people ("Undo").
pub fn command_words(c: Command) -> Msg {
    Msg::keyed(format!("command-{}", c.name()))
}

/// Selection, cursor and held stone belong to one game.
fn reset_per_game(mut selection: ResMut<Selection>, mut cursor: ResMut<BoardCursor>, mut held: ResMut<HeldStone>) {
    *selection = Selection::default();
    *cursor = BoardCursor::default();
    *held = HeldStone::default();
}

/// Another game on the board (a start, a restart, a rematch, the next lesson or puzzle, a
/// saved game opened, in place or from another screen): nothing of the last one's review,
/// selection or held stone stays. Undo and redo keep the game (and so the review).
fn forget_the_last_game(
    rules: Option<Res<Rules>>,
    mut seen: Local<Option<u64>>,
    mut review: ResMut<Review>,
    mut selection: ResMut<Selection>,
    mut held: ResMut<HeldStone>,
) {
    let Some(rules) = rules.filter(|r| *seen != Some(r.game_id)) else { return };
    *seen = Some(rules.game_id);
    review.0 = None;
    *selection = Selection::default();
    *held = HeldStone::default();
}

/// What an action does to a review of a game of `plies` moves that shows the position after
/// `k`: left/right (or up/down) step through the moves, and stepping past the last one or
/// Back returns to the game (`Some(None)`). `None`: it does nothing.
fn review_after(k: usize, action: &Action, plies: usize) -> Option<Option<usize>> {
    match action {
        Action::Step(d) if d.x != 0 || d.y != 0 => {
            let step = if d.x != 0 { d.x } else { d.y };
            let next = (k as i64 + step as i64).max(0) as usize;
            Some((next < plies).then_some(next))
        }
        Action::Cancel | Action::Pause => Some(None),
        _ => None,
    }
}

/// Where a cursor that is shown starts: where it was if a stone there can move (or nothing
/// can), else on the stone that can move nearest the board's centre. Pure.
pub fn start_cell(at: Coord, movable: &[Coord], geo: &crate::rules::Geometry) -> Coord {
    if movable.is_empty() || movable.contains(&at) {
        return at;
    }
    let (cr, cc) = ((geo.rows() as f32 - 1.0) / 2.0, (geo.cols() as f32 - 1.0) / 2.0);
    let far = |c: &Coord| (c.row as f32 - cr).powi(2) + (c.col as f32 - cc).powi(2);
    *movable.iter().min_by(|a, b| far(a).total_cmp(&far(b)).then((a.row, a.col).cmp(&(b.row, b.col)))).unwrap_or(&at)
}

impl BoardCursor {
    /// Shows the cursor: where it was if a stone there can move, else on one that can (see
    /// [`start_cell`]).
    fn come_into_view(&mut self, movable: &[Coord], geo: &crate::rules::Geometry) {
        self.at = start_cell(self.at, movable, geo);
        self.visible = true;
    }

    /// A step of the cursor: the first shows it where it was, the next move it, stopping at
    /// the board's edge.
    fn step(&mut self, dir: IVec2, geo: &crate::rules::Geometry) {
        if self.visible {
            let r = (self.at.row as i32 + dir.y).clamp(0, geo.rows() as i32 - 1);
            let c = (self.at.col as i32 + dir.x).clamp(0, geo.cols() as i32 - 1);
            self.at = Coord::new(r as u8, c as u8);
        }
        self.visible = true;
    }
}

/// The stones a person can move now (none on the computer's turn or while a move is shown).
fn movable_stones(rules: &Rules, turn: Turn) -> Vec<Coord> {
    if turn == Turn::Human { rules.legal_moves().iter().map(|m| m.from).collect() } else { Vec::new() }
}

/// Carries out actions on the board: the cursor moves, cells are activated, the selection is
/// dropped (or, with nothing selected, Back opens the pause menu), moves are taken back.
pub(crate) fn apply_actions(
    mut actions: MessageReader<Action>,
    rules: Option<Res<Rules>>,
    screen: Option<Res<State<Screen>>>,
    turn: Option<Res<State<Turn>>>,
    selection: Res<Selection>,
    mut cursor: ResMut<BoardCursor>,
    overlay: Res<Overlay>,
    mut nav: MessageWriter<Navigate>,
    mut review: ResMut<Review>,
    mut activations: MessageWriter<CellActivated>,
    mut cancels: MessageWriter<CancelSelection>,
    mut skip: MessageWriter<SkipAnimation>,
    mut intents: MessageWriter<Intent>,
    mut asks: (MessageWriter<DescribePosition>, MessageWriter<OpenMoveEntry>, MessageWriter<HintRequest>),
    mut list: ResMut<crate::game::play::screen::MoveListOpen>,
) {
    // Always runs (and drains), so actions from frames when a menu had them are never read late.
    let in_game = screen.is_some_and(|s| *s.get() == Screen::Game) && *overlay == Overlay::None;
    let (Some(rules), Some(turn), true) = (rules, turn, in_game) else {
        actions.clear();
        return;
    };
    if let Some(k) = review.0 {
        // Reviewing: left/right step through the moves, Back (or stepping past the last
        // move) returns to the game; nothing else touches it.
        for action in actions.read() {
            if let Some(shown) = review_after(k, action, rules.game.ply()) {
                review.0 = shown;
            }
        }
        return;
    }
    let geo = *rules.game.geometry();
    (!geo.contains(cursor.at)).then(|| cursor.at = Coord::new(0, 0));
    // A cursor that comes into view starts on a stone the player can move.
    let movable = || movable_stones(&rules, *turn.get());
    for action in actions.read() {
        match action {
            Action::Step(dir) if cursor.visible => cursor.step(*dir, &geo),
            Action::Step(_) => cursor.come_into_view(&movable(), &geo),
            Action::Confirm if *turn.get() == Turn::Animating => _ = skip.write(SkipAnimation),
            Action::Confirm if cursor.visible => _ = activations.write(CellActivated(cursor.at)),
            Action::Confirm => cursor.come_into_view(&movable(), &geo),
            Action::Cancel if selection.selected.is_some() => _ = cancels.write(CancelSelection),
            Action::Cancel | Action::Pause => _ = nav.write(Navigate::To(Overlay::Pause)),
            // Sound is the audio plugin's business; deleting, the saved games'.
            Action::Mute | Action::Delete => {}
            Action::Undo => _ = intents.write(Intent::Undo),
            Action::Redo => _ = intents.write(Intent::Redo),
            Action::Describe => _ = asks.0.write(DescribePosition),
            Action::TypeMove => _ = asks.1.write(OpenMoveEntry),
            // As the bar's button: on a person's turn, not online.
            Action::Hint if *turn.get() == Turn::Human && !rules.setup.is_online() => _ = asks.2.write(HintRequest),
            Action::Hint => {}
            Action::MoveList => list.0 = !list.0,
        }
    }
}

/// What activating a cell does on a person's turn: the move played, or why not (with the cell
/// the refusal is about).
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    /// Nothing but the selection changes.
    Select,
    Play(Move),
    Refuse(Coord, Msg),
}

/// What activating `at` does with the stone `selected` (if one is picked up), on a person's
/// turn: the selection after it, and the outcome. Pure: tested without an app.
fn activate(rules: &Rules, selected: Option<Coord>, at: Coord) -> (Option<Coord>, Outcome) {
    let legal = rules.legal_moves();
    let side = rules.game.to_move();
    let stone_at = rules.game.position().at(at);
    let name = crate::rules::notation::coord_to_string(rules.game.geometry(), at);
    match rules.game.phase() {
        Phase::BlackRemoves | Phase::WhiteRemoves if legal.contains(&Move::remove(at)) => {
            (selected, Outcome::Play(Move::remove(at)))
        }
        phase @ (Phase::BlackRemoves | Phase::WhiteRemoves) => {
            let reason = match stone_at {
                None => Msg::new("refuse-already-empty").text("cell", &name),
                Some(s) if s != side => Msg::new("refuse-remove-enemy").text("cell", &name).text("colour", side_key(s)),
                Some(_) if matches!(phase, Phase::BlackRemoves) => {
                    Msg::new("refuse-not-centre-corner").text("cell", &name)
                }
                Some(_) => Msg::new("refuse-not-next-to-hole").text("cell", &name),
            };
            (selected, Outcome::Refuse(at, reason))
        }
        Phase::Jumping => {
            if let Some(from) = selected
                && let Some(m) = legal.iter().find(|m| m.from == from && m.to == at)
            {
                (None, Outcome::Play(*m))
            } else if selected == Some(at) {
                (None, Outcome::Select)
            } else if legal.iter().any(|m| m.from == at) {
                (Some(at), Outcome::Select)
            } else {
                // Why a cell cannot be used, in words a player understands.
                let reason = match (selected, stone_at) {
                    (Some(from), None) => return (None, Outcome::Refuse(from, Msg::new("refuse-cannot-land"))),
                    (_, Some(s)) if s != side => {
                        Msg::new("refuse-enemy-stone").text("cell", &name).text("colour", side_key(s))
                    }
                    (_, Some(_)) => Msg::new("refuse-cannot-jump").text("cell", &name),
                    (_, None) => Msg::new("refuse-pick-own").text("own", side_key(side)),
                };
                (None, Outcome::Refuse(at, reason))
            }
        }
        Phase::Over { .. } => (selected, Outcome::Select),
    }
}

/// A stale selection or proposal never survives a board change.
fn drop_stale(selection: &mut Selection, legal: &[Move]) {
    if let Some(s) = selection.selected
        && !legal.iter().any(|m| m.from == s)
    {
        selection.selected = None;
    }
    if selection.pending.is_some_and(|m| !legal.contains(&m)) {
        selection.pending = None;
    }
}

/// Whether the board takes clicks with `overlay` open: `None` when it is read-only (a menu over
/// it, or an earlier position shown), `Some(true)` when a lesson's card beside it asks for a
/// move (a click answers it and puts the card away), else `Some(false)`.
fn board_open(
    overlay: Overlay,
    tutorial: Option<&crate::game::modes::tutorial::Tutorial>,
    reviewing: bool,
) -> Option<bool> {
    let lesson_asks = overlay == Overlay::Lesson && tutorial.is_some_and(|t| !t.passed && t.current().asks_a_move());
    ((overlay == Overlay::None || lesson_asks) && !reviewing).then_some(lesson_asks)
}

/// Turns activations into intents: pick up a stone, play to a landing, remove in the opening
/// (see [`activate`]).
pub fn resolve_activations(
    mut activations: MessageReader<CellActivated>,
    mut cancels: MessageReader<CancelSelection>,
    rules: Option<Res<Rules>>,
    turn: Res<State<Turn>>,
    overlay: Res<Overlay>,
    review: Res<Review>,
    mut selection: ResMut<Selection>,
    mut intents: MessageWriter<Intent>,
    mut rejected: MessageWriter<Rejected>,
    settings: Res<Settings>,
    mut proposals: MessageWriter<MoveProposed>,
    tutorial: Option<Res<crate::game::modes::tutorial::Tutorial>>,
    mut nav: MessageWriter<crate::game::play::screen::Navigate>,
) {
    if cancels.read().count() > 0 {
        selection.selected = None;
        selection.pending = None;
    }
    let Some(rules) = rules else { return };
    if rules.is_changed() {
        drop_stale(&mut selection, &rules.legal_moves());
    }
    match board_open(*overlay, tutorial.as_deref(), review.0.is_some()) {
        // A menu is over the board, or an earlier position is shown: the board is read-only.
        None => return activations.clear(),
        // A lesson's card that asks for a move leaves the board free: a click there answers
        // it (and puts the card away, as its "Try it" would).
        Some(true) if !activations.is_empty() => _ = nav.write(crate::game::play::screen::Navigate::To(Overlay::None)),
        Some(_) => {}
    }
    for &CellActivated(at) in activations.read() {
        // Input waits while the AI thinks or a move animates (the turn state lags a frame
        // behind a move, so the controller of the side to move is checked as well).
        if *turn.get() == Turn::AiThinking {
            rejected.write(Rejected { at: None, reason: Msg::new("refuse-wait"), guidance: false });
            continue;
        }
        if *turn.get() != Turn::Human || rules.controller(rules.game.to_move()) != Controller::Human {
            continue;
        }
        // A proposed move is played by a second tap on its landing; any other tap withdraws it.
        if let Some(mv) = selection.pending.take().filter(|m| m.to == at) {
            selection.selected = None;
            intents.write(Intent::Play { mv, generation: None });
            continue;
        }
        let (selected, outcome) = activate(&rules, selection.selected, at);
        if selection.selected != selected {
            selection.selected = selected;
        }
        match outcome {
            Outcome::Select => {}
            Outcome::Play(mv) if settings.confirm_moves => propose(&mut selection, mv, &mut proposals),
            Outcome::Play(mv) => _ = intents.write(Intent::Play { mv, generation: None }),
            Outcome::Refuse(at, reason) => _ = rejected.write(Rejected { at: Some(at), reason, guidance: false }),
        }
    }
}

/// With "confirm each move": the stone stays picked up, its landings shown, the proposed one
/// ringed, until a second tap on it.
fn propose(selection: &mut Selection, mv: Move, proposals: &mut MessageWriter<MoveProposed>) {
    selection.selected = (!mv.is_removal()).then_some(mv.from);
    selection.pending = Some(mv);
    proposals.write(MoveProposed(mv));
}

#[cfg(test)]
mod tests;
