for i in 1 2 3 4 5 6 7 8; do
 for v in before after; do echo -n "$v "; MCPKIT_SERVER=$PWD/bench/.ab-$v/server/index.js node bench/micro.mjs 50000 64 4 | grep -o "rounds: .*" | tr ' ' '\n' | grep -v rounds | sort -n | head -1; done
done | awk '{a[$1]=a[$1]" "$2} END {for (k in a) print k, a[k]}'
