"""Run inside xterm by RealTerminalTests: writes the sixel drawing to the terminal, then makes
sure xterm has drawn it before saying so on the FIFO the test reads.

xterm answers DA1 while it parses, so a first answer means the drawing before it was parsed; it
reads a second question only once that pass is over and its drawing flushed to the X server, so
the second answer means the picture is on the screen.
    python3 draw_then_confirm.py DRAWING FIFO"""
import os
import sys
import termios
import tty


def ask_device_attributes(terminal):
    os.write(terminal, b"\x1b[c")
    answer = b""
    while not answer.endswith(b"c"):
        answer += os.read(terminal, 1)


def main():
    drawing, fifo = sys.argv[1], sys.argv[2]
    terminal = sys.stdin.fileno()
    tty.setraw(terminal, termios.TCSANOW)
    with open(drawing, "rb") as file:
        os.write(sys.stdout.fileno(), file.read())
    ask_device_attributes(terminal)
    ask_device_attributes(terminal)
    with open(fifo, "w") as confirmation:
        confirmation.write("drawn\n")
    # Stays, so the picture stays on the screen until the test ends xterm.
    sys.stdin.read()


if __name__ == "__main__":
    main()
