import { PGlite } from '@electric-sql/pglite';
const db = new PGlite();
await db.waitReady;
await db.exec(`create table p(id text primary key); create table s(project_id text not null, type text not null, day date not null, value integer not null, primary key(project_id,type,day));
create table c(address text primary key, project_id text, j jsonb)`);
let t = Date.now();
await db.exec(`insert into p select 'proj-'||g from generate_series(1,2000) g`);
await db.exec(`insert into s select p.id, t.type, d::date, (abs(hashtext(p.id||t.type||d::text)) % 1000) from p cross join (values ('tweets'),('mentions'),('followers')) t(type) cross join generate_series(date '2026-08-24', date '2026-11-21', interval '1 day') d`);
console.log('social 540k', Date.now() - t);
t = Date.now();
const tx = Array.from({length: 25}, (_, i) => ({hash: '0x' + 'ab'.repeat(32), function: 'setOwner(address)', from: '0x' + 'cd'.repeat(20), timestamp: new Date().toISOString()}));
const rows = [];
for (let i = 0; i < 4000; i++) rows.push({a: '0x' + i.toString(16).padStart(40, '0'), p: 'proj-' + (i % 2000 + 1), j: JSON.stringify(tx)});
for (let b = 0; b < rows.length; b += 500) {
  const chunk = rows.slice(b, b + 500);
  const params: unknown[] = [];
  const vals = chunk.map((r, k) => { params.push(r.a, r.p, r.j); return `($${k*3+1},$${k*3+2},$${k*3+3}::jsonb)`; });
  await db.query(`insert into c values ${vals.join(',')}`, params);
}
console.log('contracts 4000', Date.now() - t);
