# Shared by the compile-time scripts (source it): one command's wall time and peak memory.
# measure CMD...: prints "seconds maxrss_kib" (from /usr/bin/time -v); a failing CMD stops the script.
measure() {
    local log; log=$(mktemp)
    /usr/bin/time -v "$@" >/dev/null 2>"$log" || { cat "$log" >&2; exit 1; }
    local wall rss
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log" | awk -F: '{ if (NF == 3) print $1*3600 + $2*60 + $3; else print $1*60 + $2 }')
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
    rm -f "$log"
    echo "$wall $rss"
}
# median X...: the median of the numbers.
median() { python3 -c 'import statistics, sys; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }
