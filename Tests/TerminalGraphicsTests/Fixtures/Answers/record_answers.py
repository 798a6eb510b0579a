"""Records what a terminal answers to TerminalQuery (TerminalGraphics/Detection), for the
detection tests. Run it inside the terminal, with `tmux` as the second argument inside tmux:

    DISPLAY=:99 xterm -ti vt340 -e python3 record_answers.py xterm-vt340.bin
    DISPLAY=:99 kitty --config NONE -e tmux -L rec -f /dev/null new-session \
        "tmux set -g allow-passthrough on; python3 record_answers.py out.bin tmux"

It sends the same bytes as TerminalQuery.bytes(throughTmux:) and keeps everything that comes
back within 1.5 s, raw."""
import os
import select
import sys
import termios
import time
import tty


def wrapped(sequence):
    return b"\x1bPtmux;" + sequence.replace(b"\x1b", b"\x1b\x1b") + b"\x1b\\"


def main():
    path, inside_tmux = sys.argv[1], sys.argv[2:] == ["tmux"]
    questions = [b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\", b"\x1b[>0q", b"\x1b[16t", b"\x1b[c"]
    query = b"".join(wrapped(q) for q in questions) + b"\x1b[c" if inside_tmux else b"".join(questions)
    terminal = sys.stdin.fileno()
    saved = termios.tcgetattr(terminal)
    tty.setraw(terminal)
    answers = b""
    try:
        os.write(sys.stdout.fileno(), query)
        deadline = time.time() + 1.5
        while time.time() < deadline:
            if select.select([terminal], [], [], 0.05)[0]:
                answers += os.read(terminal, 4096)
    finally:
        termios.tcsetattr(terminal, termios.TCSADRAIN, saved)
    with open(path, "wb") as file:
        file.write(answers)


if __name__ == "__main__":
    main()
