# Sourced by run-local.sh and venue.sh: the port to serve on, PORT (default 8000), as
# `PORT=8765 make run` or `PORT=8765 make venue` gives it; anything but a port stops here.
PORT=${PORT:-8000}
if ! [[ $PORT =~ ^[0-9]{1,5}$ ]] || ((10#$PORT < 1 || 10#$PORT > 65535)); then
    echo "PORT=$PORT is not a port: give a number from 1 to 65535 (as in PORT=8765 make run)." >&2
    exit 2
fi
PORT=$((10#$PORT))
