import json,sys,collections
p=json.load(open(sys.argv[1]))
nodes={n['id']:n for n in p['nodes']}
parent={}
for n in p['nodes']:
    for c in n.get('children',[]): parent[c]=n['id']
dt=collections.Counter()
samples=p['samples']; deltas=p['timeDeltas']
for s,d in zip(samples,deltas): dt[s]+=d
total=sum(dt.values())
self_t=collections.Counter(); incl=collections.Counter()
def name(n):
    cf=n['callFrame']; return f"{cf['functionName'] or '(anon)'} {cf['url'].split('/')[-1]}:{cf['lineNumber']}"
for nid,t in dt.items():
    self_t[name(nodes[nid])]+=t
    seen=set(); x=nid
    while x is not None:
        nm=name(nodes[x])
        if nm not in seen: incl[nm]+=t; seen.add(nm)
        x=parent.get(x)
print('total ms',total/1000)
print('--- self'); 
for k,v in self_t.most_common(25): print(f"{v/total*100:5.1f}% {k}")
print('--- inclusive');
for k,v in incl.most_common(60): print(f"{v/total*100:5.1f}% {k}")
