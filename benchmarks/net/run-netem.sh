#!/usr/bin/env bash
# Runs NetComparison with 10 % loss applied to KryoNet as well (as root):
#
#   flock /tmp/herald-bench.lock benchmarks/net/run-netem.sh
#
# TCP cannot cross Herald's LossyRelay (it forwards datagrams), so loss for KryoNet comes from
# the kernel: the whole run happens in a private network namespace of its own, whose loopback
# drops 10 % of the packets (either direction, TCP segments and ACKs, UDP datagrams) to and
# from KryoNet's lossy server ports 54556 (TCP) and 54778 (UDP), with nftables' random number
# generator, on input (dropped on output, a send would fail with EPERM: the sender would know).
# Nothing outside the namespace is touched. tc netem is not used: this kernel has
# no netem qdisc. The namespace's loopback gets an Ethernet-sized MTU and gso_max_size, so that
# one dropped packet is one ~1.5 kB segment, not a 64 kB loopback super-segment.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="$here/target/benchmarks-net.jar"
java="${JAVA:-java}"
namespace="herald-bench-$$"

command -v nft >/dev/null || { echo "needs nft (apt-get install nftables)" >&2; exit 1; }
[ -f "$jar" ] || { echo "build first: mvn -B -ntp verify -pl benchmarks/net -am" >&2; exit 1; }

ip netns add "$namespace"
trap 'ip netns del "$namespace"' EXIT
ip netns exec "$namespace" sh -e -c '
  ip link set lo mtu 1500
  ip link set lo gso_max_size 1500
  ip link set lo up
  nft add table inet herald_loss
  nft add chain inet herald_loss in "{ type filter hook input priority 0; }"
  for proto_port in "tcp 54556" "udp 54778"; do
    set -- $proto_port
    nft add rule inet herald_loss in $1 dport $2 numgen random mod 10 0 counter drop
    nft add rule inet herald_loss in $1 sport $2 numgen random mod 10 0 counter drop
  done'
ip netns exec "$namespace" "$java" -jar "$jar" --kryonet-loss
echo "packets the filter dropped:"
ip netns exec "$namespace" nft list table inet herald_loss | grep counter
