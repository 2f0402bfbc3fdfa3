"""``makao serve``: doors into the shared tables for players without an account on the box.

- :mod:`.ssh`: anyone who runs ``ssh -p PORT name@host`` gets the makao app on a terminal of its
  own (asyncssh): no shell, no command, no forwarding, no file transfer. The SSH user name is
  the player's name and their public key their identity (:mod:`.players`).
- :mod:`.web`: the same app in a browser tab (textual-serve), on localhost unless told otherwise.
- :mod:`.pty`: one app process on a pseudo-terminal, ended with its connection.
- :mod:`.command`: the ``makao serve`` command: both doors in the foreground, a log line per
  connection and per table a player sits at, a clean stop on Ctrl+C / SIGTERM.

Each player's app is its own ``makao`` process, told who its player is through
:mod:`makao_tui.net.identity`; the tables they host and join are the table service's own
(:mod:`makao_tui.net`), the same ones the users of the box see. Layer: beside the command line,
above the app, which it starts as a process and never imports.
"""
