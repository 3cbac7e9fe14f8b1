#!/usr/bin/env python3
"""A small mille bot in Python, standard library only.

It speaks the mille bot protocol, version 2 (docs/protocol.md): one JSON
object a line, a hello first, then one action for every decide. Run it
under `mille arena`, or put it on a server's bot ladder over SSH:

    mille arena --seats 'cmd:python3 examples/bot/mille_bot.py,easy'
    python3 mille_bot.py --ssh HOST --key bot_key          # ssh -i bot_key HOST bot
    ssh -T -i bot_key HOST bot                              # the same, by hand, with
        # this program as its other end (see docs/protocol.md)

Its play is a simple heuristic, not a strong one: take a coup fourré,
mend its own battle, run the longest distance it may, attack the side
that has run furthest, lay a safety, and otherwise throw away what it
needs least.
"""

import argparse
import json
import subprocess
import sys

NAME = "mille_bot.py"
VERSION = "1.0"

REMEDIES = {"Gasoline", "Spare Tire", "Repairs", "End of Limit", "Go"}
SAFETIES = {"Extra Tank", "Puncture Proof", "Driving Ace", "Right of Way"}
HAZARDS = {"Out of Gas", "Flat Tire", "Accident", "Speed Limit", "Stop"}


def miles(card):
    """The miles of a distance card, 0 for any other."""
    return int(card) if card.isdigit() else 0


def score(action, obs):
    """How much the bot wants a legal action: the highest is played."""
    kind, card = action.get("kind"), action.get("card", "")
    if kind == "coup-fourre":
        return 1000
    if kind == "extend":
        return 900
    if kind in ("stop", "decline", "continue"):
        return 10
    if kind == "play" and card in REMEDIES:
        return 800
    if kind == "play" and miles(card):
        return 600 + miles(card)
    if kind == "attack":
        side = action.get("side", 0)
        tableaus = obs.get("tableaus") or []
        ahead = tableaus[side].get("miles", 0) if side < len(tableaus) else 0
        return 500 + ahead // 25
    if kind == "play" and card in SAFETIES:
        return 400
    if kind == "discard":
        # Throw away short distances and remedies already spare first;
        # keep safeties (a coup fourré waits for them) and hazards.
        if card in SAFETIES:
            return 0
        if card in HAZARDS:
            return 50
        if card in REMEDIES:
            return 150 if obs.get("my_hand", []).count(card) > 1 else 100
        return 200 - miles(card) // 2
    return 1


def choose(decide):
    """The index of the action to play in a decide message."""
    obs, legal = decide.get("observation") or {}, decide["legal"]
    return max(range(len(legal)), key=lambda i: score(legal[i], obs))


def play(inp, out):
    """Speaks the protocol: greets, then answers each decide until quit
    or the end of the input. A line it cannot read gets an error line."""
    def send(msg):
        out.write(json.dumps(msg) + "\n")
        out.flush()

    send({"type": "hello", "name": NAME, "version": VERSION, "protocol": 2})
    for line in inp:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError as e:
            send({"type": "error", "message": "malformed line: %s" % e})
            continue
        kind = msg.get("type")
        if kind == "quit":
            return
        if kind == "error":
            print("host says: %s" % msg.get("message"), file=sys.stderr)
            continue
        if kind != "decide":
            continue
        try:
            index = choose(msg)
        except (KeyError, TypeError, ValueError) as e:
            send({"type": "error", "id": msg.get("id", 0), "message": "bad decide: %s" % e})
            continue
        send({"type": "action", "id": msg["id"], "index": index})


def main():
    parser = argparse.ArgumentParser(description="A mille bot: the bot protocol on standard input and output, or over SSH.")
    parser.add_argument("--ssh", metavar="HOST", help="play on the bot ladder of the mille server HOST (ssh HOST bot)")
    parser.add_argument("--key", help="the bot's private key (ssh -i)")
    parser.add_argument("--port", help="the server's SSH port (ssh -p)")
    parser.add_argument("--ssh-option", action="append", default=[], metavar="OPTION",
                        help="an option for ssh (ssh -o OPTION), as often as needed")
    args = parser.parse_args()
    if not args.ssh:
        play(sys.stdin, sys.stdout)
        return
    cmd = ["ssh", "-T", "-o", "BatchMode=yes"]
    if args.key:
        cmd += ["-i", args.key, "-o", "IdentitiesOnly=yes"]
    if args.port:
        cmd += ["-p", args.port]
    for option in args.ssh_option:
        cmd += ["-o", option]
    cmd += [args.ssh, "bot"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    try:
        play(proc.stdout, proc.stdin)
    except BrokenPipeError:
        pass
    finally:
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass
        sys.exit(proc.wait())


if __name__ == "__main__":
    main()
