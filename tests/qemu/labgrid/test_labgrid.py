"""rtbench on a labgrid target (labgrid's pytest plugin, python3-labgrid 0.4.1).

    pytest --lg-env env.yaml test_labgrid.py    (RTBENCH, RTB_TMP in the environment)

The target of env.yaml: its console a NetworkSerialPort (ser2net, RFC 2217), its
power labgrid's QEMUDriver. The test powers the board on through the driver,
serves its UART by ser2net on the resource's port (as a labgrid exporter does
for a USB serial port) and hands the port to `rtbench run --target
rfc2217://HOST:PORT@SPEED`; rtbench's --reset asks the test to restart the board
through the driver once the line is set. Checked: a complete stored run; no
ser2net on the port (refused: one line, exit 2, nothing stored); ser2net
killed mid-run (dropped: the run stored incomplete, the drop named).

QEMU 7.2's UART is a TCP socket here, made a terminal by socat for ser2net
(ser2net 4.3 refuses RFC 2217 on a TCP connector); socat keeps the terminal
open 10 s after QEMU's semihosting exit so ser2net reads the end of the run.
"""
import json
import os
import subprocess
import threading
import time

import pytest

RTBENCH = os.environ["RTBENCH"]
TMP = os.environ["RTB_TMP"]
UART_PORT = os.environ["LG_RTB_UART_PORT"]
os.makedirs(TMP, exist_ok=True)


def rtbench(*args, **kw):
    """rtbench ARGS, its exit status, stdout and stderr"""
    res = subprocess.run([RTBENCH, *args], capture_output=True, text=True, check=False, **kw)
    return res.returncode, res.stdout, res.stderr


def show(db, run):
    """run RUN of DB as `rtbench show --format json` gives it"""
    rc, out, err = rtbench("show", str(run), "--db", db, "--format", "json")
    assert rc == 0, err
    return json.loads(out)


def n_runs(db):
    """the runs stored in DB (0 when there is no database)"""
    if not os.path.exists(db):
        return 0
    rc, out, err = rtbench("list", "--db", db)
    assert rc == 0, err
    return len(out.splitlines()) - 1


def wait_for(what, cond, secs=10):
    """wait until COND() holds, at most SECS s"""
    for _ in range(secs * 20):
        if cond():
            return
        time.sleep(0.05)
    pytest.fail(f"{what} after {secs} s")


def listening(port):
    """something listens on 127.0.0.1:PORT"""
    with open("/proc/net/tcp", encoding="ascii") as tcp:
        return any(f":{port:04X} 00000000:0000 0A" in line for line in tcp)


@pytest.fixture(name="port")
def fixture_port(target):
    """the target's console: its NetworkSerialPort resource"""
    return target.get_resource("NetworkSerialPort")


def spec(port):
    """rtbench's --target for the resource"""
    if port.protocol == "rfc2217":
        return f"rfc2217://{port.host}:{port.port}@{port.speed}"
    return f"tcp:{port.host}:{port.port}"


class Board:
    """the board powered on and held at reset, its UART served by ser2net"""

    def __init__(self, target, port, name):
        self.qemu = target.get_driver("QEMUDriver")
        self.dir = os.path.join(TMP, name)
        os.makedirs(self.dir, exist_ok=True)
        self.procs = {}
        self.qemu.on()  # QEMU started and continued by the driver
        # held until rtbench's --reset: what ran meanwhile went to a socket
        # nobody had opened (QEMU drops it)
        self.qemu.monitor_command("stop")
        self.qemu.monitor_command("system_reset")
        tty = os.path.join(self.dir, "uart")
        self.spawn("socat", "socat", "-t", "10", f"PTY,link={tty},raw,echo=0", f"TCP:127.0.0.1:{UART_PORT}")
        wait_for("no terminal from socat", lambda: os.path.exists(tty))
        conf = os.path.join(self.dir, "ser2net.yaml")
        # the lines labgrid-exporter 0.4.1 gives ser2net 4 for a USBSerialPort
        accepter = "telnet(rfc2217,mode=server),tcp" if port.protocol == "rfc2217" else "tcp"
        with open(conf, "w", encoding="ascii") as yaml:
            yaml.write(f"connection: &board\n  accepter: {accepter},{port.host},{port.port}\n"
                       f"  connector: serialdev(nouucplock=true),{tty},{port.speed}n81,local\n")
        self.spawn("ser2net", "/usr/sbin/ser2net", "-n", "-c", conf, "-P", conf + ".pid")
        wait_for(f"ser2net not listening on {port.port}", lambda: listening(port.port))
        self.reset_script = self.reset_hook()

    def spawn(self, name, *cmd):
        with open(os.path.join(self.dir, name + ".err"), "w", encoding="ascii") as err:
            self.procs[name] = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=err, stderr=err)

    def reset_hook(self):
        """a --reset command that has this process restart the board (the
        driver's QMP monitor is this process's) and waits until it has"""
        req, ack = os.path.join(self.dir, "reset.req"), os.path.join(self.dir, "reset.ack")
        os.mkfifo(req)
        os.mkfifo(ack)

        def serve():
            with open(req, encoding="ascii") as fifo:
                fifo.read()
            self.qemu.monitor_command("system_reset")
            self.qemu.monitor_command("cont")
            with open(ack, "w", encoding="ascii") as fifo:
                fifo.write("done\n")

        threading.Thread(target=serve, daemon=True).start()
        script = os.path.join(self.dir, "reset")
        with open(script, "w", encoding="ascii") as out:
            out.write(f'#!/bin/sh\necho reset >"{req}" && read -r ok <"{ack}" && [ "$ok" = done ]\n')
        os.chmod(script, 0o755)
        return script

    def kill(self, name):
        self.procs[name].kill()
        self.procs[name].wait()

    def close(self):
        for proc in self.procs.values():
            proc.kill()
            proc.wait()
        # labgrid 0.4.1's QEMUDriver does not expect the guest to end QEMU
        # (the image's semihosting exit after its end record): off() would
        # send "quit" to a monitor that is gone
        child = self.qemu._child  # pylint: disable=protected-access
        if child is not None and child.wait(timeout=30) is not None:
            self.qemu.status = 0
        self.qemu.off()


@pytest.fixture(name="board")
def fixture_board(request, target, port):
    board = Board(target, port, request.node.name)
    yield board
    board.close()


def test_complete_run(board, port):
    db = os.path.join(board.dir, "runs.db")
    rc, _, err = rtbench("run", "--target", spec(port), "--reset", board.reset_script,
                         "--db", db, "--timeout", "120", timeout=180)
    assert rc == 0, err
    assert "rtbench run: stored run 1 (" in err and " metrics, complete)" in err, err
    run = show(db, 1)
    assert run["status"] == "complete"
    assert run["source"] == spec(port)
    assert run["board"] == "mps2-an385"
    assert run["header"]["iters"] == os.environ["LG_RTB_ARGS"].split()[-1]
    assert len(run["metrics"]) > 50  # the whole catalog, every benchmark's record


def test_refused(port):
    # the exporter's ser2net not running: nothing listens on the port
    assert not listening(port.port)
    db = os.path.join(TMP, "refused.db")
    rc, _, err = rtbench("run", "--target", spec(port), "--db", db, "--timeout", "20", timeout=60)
    assert rc == 2, err
    assert err.splitlines() == [f"rtbench run: connection to {port.host}:{port.port} refused (nothing listens there: "
                                "is ser2net or the exporter running, with this port?)"], err
    assert n_runs(db) == 0


def test_dropped(board, port):
    db = os.path.join(board.dir, "runs.db")
    errf = os.path.join(board.dir, "run.err")
    with open(errf, "w", encoding="ascii") as err:
        run = subprocess.Popen([RTBENCH, "run", "--target", spec(port), "--reset", board.reset_script,
                                "--db", db, "--timeout", "120"], stdout=subprocess.DEVNULL, stderr=err)

    def results_came():
        with open(errf, encoding="ascii") as err:
            return any(line.startswith("[3/") for line in err)

    wait_for("no results", results_came, 120)
    board.kill("ser2net")  # the exporter's ser2net goes away mid-run
    assert run.wait(timeout=60) == 1
    with open(errf, encoding="ascii") as err:
        text = err.read()
    drop = f"incomplete: connection to {port.host}:{port.port} dropped (closed by the server)"
    assert "rtbench run: stored run 1 (" in text and drop in text, text
    assert show(db, 1)["status"] == "incomplete"
    assert n_runs(db) == 1
