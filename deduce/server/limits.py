"""The server's limits (``deduce serve`` options change some of them).
Plain constants: the command line reads them without importing the server."""

#: The largest request body accepted (413 above it).
MAX_BODY = 1 << 20
#: Seconds of engine work per request by default (``--timeout``).
DEFAULT_TIMEOUT = 5.0
#: Worker processes by default (``--workers``): the machine's cores, at most this many.
MAX_DEFAULT_WORKERS = 4
#: Seconds a request may wait for a free worker before it is refused (503, busy).
QUEUE_WAIT = 60.0
