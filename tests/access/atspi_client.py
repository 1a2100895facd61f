#!/usr/bin/python3
"""A real screen-reader client (AT-SPI through pyatspi) playing the start of a game of Kōnane.

Run inside a D-Bus session and an X server (the Rust test `e2e_access` starts both):
    atspi_client.py GAME_BINARY WORK_DIR
It turns the screen reader on for the session, starts the game, walks its accessibility tree,
presses "Play vs computer" through the tree (AT-SPI DoAction), moves the board's cursor with
real keys (xdotool), reads the focused cell's description, plays, asks for the position and
types a move, and writes everything the reader was told to WORK_DIR/transcript.txt.
Every wait is for a state of the tree, with a deadline; the game is always ended.
"""

import os
import re
import subprocess
import sys
import time

import pyatspi
from gi.repository import GLib

GAME, WORK = sys.argv[1], sys.argv[2]
DEADLINE = float(os.environ.get("ATSPI_WAIT", "120"))
transcript = []


def say(kind, text):
    line = f"{kind}: {text}"
    transcript.append(line)
    print(line, flush=True)


def fail(why):
    say("FAIL", why)
    raise SystemExit(1)


def enable_screen_reader():
    """What Orca does when it starts: the session says a screen reader is on."""
    for prop in ("IsEnabled", "ScreenReaderEnabled"):
        subprocess.run(
            ["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
             "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", f"string:{prop}",
             "variant:boolean:true"],
            check=True, stdout=subprocess.DEVNULL)


def walk(node, depth=0, out=None):
    """Every (node, depth) under node; nodes that vanish mid-walk are skipped."""
    out = [] if out is None else out
    try:
        out.append((node, depth))
        for i in range(node.childCount):
            child = node.getChildAtIndex(i)
            if child is not None:
                walk(child, depth + 1, out)
    except Exception:
        pass
    return out


def info(node):
    try:
        return node.getRoleName(), node.name or "", node.description or ""
    except Exception:
        return "", "", ""


heard_log = []
heard = []  # (event type, text) as the reader's event listener got them, oldest first


def on_event(event):
    try:
        source = event.source
        desc = source.description or ""
        text = event.any_data if isinstance(event.any_data, str) else (source.name or "")
    except Exception:
        return
    if event.type.startswith("object:announcement") or desc == "Announcements":
        # AT-SPI raises both an announcement and a name change for one live-region change.
        if not heard_log or heard_log[-1] != text:
            say("heard", text)
        heard_log.append(text)
        heard.append((event.type, text))


pyatspi.Registry.registerEventListener(
    on_event, "object:announcement", "object:property-change:accessible-name")


def pump():
    context = GLib.MainContext.default()
    while context.iteration(False):
        pass


def wait_for(what, find, timeout=DEADLINE, quiet=False):
    """Polls find() (pumping the reader's events) until it returns something; fails naming
    `what` at the deadline (or, `quiet`, returns None)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if game.poll() is not None:
            fail(f"the game exited ({game.returncode}) while waiting for {what}")
        pump()
        found = find()
        if found:
            return found
        time.sleep(0.05)
    if quiet:
        return None
    fail(f"no {what} after {timeout} s (heard: {heard})")


def the_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is None:
            continue
        for node, _ in walk(app):
            if info(node)[0] == "push button" and info(node)[1].startswith("Play vs computer"):
                return app
    return None


def nodes(app, role=None, name=None, description=None):
    found = []
    for node, _ in walk(app):
        r, n, d = info(node)
        if (role is None or r == role) and (name is None or re.search(name, n)) and (
                description is None or d == description):
            found.append(node)
    return found


def focused_cell(app, pattern):
    for node in nodes(app, description="Board"):
        r, n, _ = info(node)
        if node.getState().contains(pyatspi.STATE_FOCUSED) and re.fullmatch(pattern, n):
            return n
    return None


def announcement(app, pattern):
    """The first announcement heard that matches, taken off the list with all before it."""
    for i, (_, text) in enumerate(heard):
        if re.fullmatch(pattern, text):
            del heard[: i + 1]
            return text
    return None


def key(*names):
    subprocess.run(["xdotool", "key", "--delay", "80", *names], check=True)


enable_screen_reader()
env = dict(os.environ, XDG_CONFIG_HOME=f"{WORK}/config", XDG_DATA_HOME=f"{WORK}/data", LANG="en_US.UTF-8")
game = subprocess.Popen([GAME, "--window-size", "1280x800", "--seed", "7"], env=env,
                        stdout=open(f"{WORK}/game.log", "w"), stderr=subprocess.STDOUT)
try:
    app = wait_for("application showing the title menu", the_app)
    say("app", info(app)[1])
    # No window manager runs here: give the game's window the keyboard as one would.
    window = subprocess.run(["xdotool", "search", "--class", "^konane$"], capture_output=True, text=True).stdout.split()
    if not window:
        fail("no window of class konane")
    subprocess.run(["xdotool", "windowfocus", "--sync", window[0]], check=True)
    # Keys go to the window under the pointer too: park it on the window, off the board.
    subprocess.run(["xdotool", "mousemove", "4", "796"], check=True)
    buttons = nodes(app, role="push button")
    # A name a reader can say: words, not a bare symbol such as "−".
    unnamed = [info(b)[1] for b in buttons if not re.search(r"\w\w", info(b)[1])]
    if unnamed:
        fail(f"{len(unnamed)} of {len(buttons)} buttons have no name in words: {unnamed}")
    for b in buttons:
        say("title button", info(b)[1])
    # The focus shows once the window has the keyboard, a frame or more after windowfocus
    # (later on a busy machine): wait for exactly one focused item.
    def one_focused():
        focus = [info(b)[1] for b in nodes(app, role="push button") if b.getState().contains(pyatspi.STATE_FOCUSED)]
        return focus if len(focus) == 1 else None
    focus = wait_for("one focused menu item", one_focused, quiet=True)
    say("title focus", focus)
    if not focus:
        fail("expected one focused menu item, found none or several")
    play = [b for b in buttons if info(b)[1].startswith("Play vs computer")][0]
    say("press", info(play)[1])
    play.queryAction().doAction(0)
    # The game: Black (you) removes first; the cursor starts in the top-left corner, a8.
    say("cell", wait_for("focused a8", lambda: focused_cell(app, r"a8, your stone, can be removed")))
    # The first step shows the cursor where it is, the next moves it. On a busy machine two
    # quick presses can fall in one frame and count once: press until the focus moves.
    key("Right")
    while not focused_cell(app, r"b8, white stone"):
        key("Right")
        if wait_for("the cursor to move", lambda: focused_cell(app, r"b8, .*") or "", 20, quiet=True):
            break
    say("cell", wait_for("focused b8", lambda: focused_cell(app, r"b8, white stone")))
    key("Left")
    wait_for("focused a8 again", lambda: focused_cell(app, r"a8, your stone, can be removed"))
    key("Return")
    say("announcement", wait_for("your removal said", lambda: announcement(app, r"Black removed a8")))
    say("announcement", wait_for("the computer's removal said", lambda: announcement(app, r"White removed (b8|a7)")))
    key("i")
    position = wait_for("the position read out", lambda: announcement(app, r"Black 31 stones, White 31 stones\. Black to move\. .*"))
    say("announcement", position)
    first = re.search(r"moves?: ([a-h][1-8]-[a-h][1-8])", position)
    if not first:
        fail(f"no move in {position!r}")
    move = first.group(1)
    key("t")
    field = wait_for("the move field", lambda: nodes(app, role="text") or nodes(app, role="entry"))[0]
    say("field", f"{info(field)}")
    subprocess.run(["xdotool", "type", "--delay", "80", move], check=True)
    def typed():
        try:
            t = field.queryText()
            return t.getText(0, t.characterCount) == move
        except Exception as e:
            return False
    wait_for("the move typed", typed, 30)
    key("Return")
    frm, to = move.split("-")
    say("announcement", wait_for("your jump said", lambda: announcement(app, rf"Black jumped {frm} to {to}, took [a-h][1-8]")))
    say("announcement", wait_for("the computer's jump said", lambda: announcement(app, r"White jumped .*, took .*")))
    say("status", wait_for("your turn in the status line", lambda: [
        info(n)[1] for n in nodes(app, role="label") if info(n)[1].startswith("Your turn")]))
    key("Right")
    say("cell", wait_for("a described cell", lambda: focused_cell(app, r"[a-h][1-8], .*")))
    say("ok", "the reader played a removal and a jump, and read cells, moves and the position")
finally:
    game.terminate()
    try:
        game.wait(timeout=20)
    except subprocess.TimeoutExpired:
        game.kill()
        game.wait()
    with open(f"{WORK}/transcript.txt", "w") as f:
        f.write("\n".join(transcript) + "\n")
