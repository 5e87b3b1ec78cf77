import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:3200';
const names = ['mit-media-lab.jpg','tours-cathedral-gothic.jpg','havana-cathedral-baroque.jpg'];
const bufs = names.map(n => readFileSync('/work/shared/fixtures/photos/' + n));
const s = await fetch(base + '/api/auth/signup', { method: 'POST', headers: {'content-type':'application/json'}, body: JSON.stringify({ email: `t${Date.now()}@e.com`, first_name: 'a', last_name: 'b', password: 'secret123' }) });
const cookie = s.headers.get('set-cookie').split(';')[0];
for (let i = 0; i < 8; i++) {
  const form = new FormData(); bufs.forEach((b, j) => form.append('images', new Blob([b], {type:'image/jpeg'}), names[j]));
  const t = performance.now();
  const r = await fetch(base + '/api/analyze', { method: 'POST', body: form, headers: { cookie } }); await r.json();
  console.log('client total', (performance.now() - t).toFixed(1));
}
