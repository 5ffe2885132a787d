"""callgrind counts a unit's inputs in one probe process (one dump per window): each figure
must be the one a process of its own gives."""
from sigspace.platforms import Unit, host


def test_one_process_gives_each_window_its_own_count():
    platform = host.HostPlatform()
    unit = Unit("host", "ML-DSA-44/reference", "instructions", "callgrind", "sign", 0, 3)
    together = platform.run(unit).values
    alone = [platform.run(Unit("host", unit.variant, unit.metric, unit.method, unit.op, k, 1))
             .values[0] for k in range(3)]
    assert together == alone
    assert len({v for _, v in together}) > 1  # the messages do differ (rejection loop)
