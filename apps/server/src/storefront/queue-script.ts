// The waiting room's script (decision 034), served as /_storefront/queue.js: it polls /queue/:id/status, finds the
// proof-of-work answer with the browser's own SHA-256 (crypto.subtle) to join, and goes to the event page once
// admitted. It uses the page's ids (q-text, q-opens, q-figures, q-place, q-ahead, q-wait, q-action, q-link, q-again).
export const QUEUE_SCRIPT = `(function(){
var d=document,m=d.querySelector('[data-queue]');if(!m)return;
var base=m.getAttribute('data-queue'),ch=m.getAttribute('data-challenge'),bits=+m.getAttribute('data-bits'),timer,busy=0;
function $(i){return d.getElementById(i)}
function show(j){
 $('q-text').textContent=j.text;
 var o=$('q-opens');if(o)o.hidden=j.status!=='lobby'&&j.status!=='join';
 var any=0;[['q-place',j.place],['q-ahead',j.ahead],['q-wait',j.wait]].forEach(function(f){
  var e=$(f[0]),has=f[1]!=null&&f[1]!=='';e.textContent=has?f[1]:'';e.parentNode.hidden=!has;if(has)any=1});
 $('q-figures').hidden=!any;
 var a=$('q-action'),l=$('q-link'),g=$('q-again');
 a.hidden=!(j.url||j.waiting_list_url||j.status==='expired');
 l.hidden=!(j.url||j.waiting_list_url);if(j.url||j.waiting_list_url)l.href=j.url||j.waiting_list_url;
 l.textContent=j.waiting_list_url?'Join the waiting list':'Go to the tickets';
 g.hidden=j.status!=='expired';
}
function later(s){clearTimeout(timer);timer=setTimeout(poll,(s||5)*1000*(0.8+Math.random()*0.4))}
function zero(b){var n=0;for(var i=0;i<b.length;i++){if(b[i]===0){n+=8;continue}var x=b[i];while(!(x&128)){n++;x<<=1}break}return n}
function solve(c,k){var e=new TextEncoder(),n=0;return new Promise(function(ok,no){
 function step(){var batch=[];for(var i=0;i<256;i++)batch.push(n++);
  Promise.all(batch.map(function(v){return crypto.subtle.digest('SHA-256',e.encode(c+':'+v))})).then(function(hs){
   for(var i=0;i<hs.length;i++)if(zero(new Uint8Array(hs[i]))>=k)return ok(String(batch[i]));step()},no)}
 step()})}
function handle(j){
 if(j.challenge){ch=j.challenge;bits=j.bits}
 show(j);
 if(j.status==='admitted'||j.status==='through'){setTimeout(function(){location.assign(j.url)},j.status==='admitted'?1200:300);return}
 if(j.status==='join'){join();return}
 if(j.status==='sold_out'||j.status==='expired')return;
 later(j.next);
}
function request(u,o){return fetch(u,o).then(function(r){return r.json()}).then(handle,function(){$('q-text').textContent='Connection lost. Your place is kept; trying again\\u2026';later(5)})}
function poll(){request(base+'/status',{credentials:'same-origin',headers:{accept:'application/json'}})}
function join(){if(busy)return;busy=1;$('q-text').textContent='Checking your browser before giving you a place (a few seconds)\\u2026';
 solve(ch,bits).then(function(a){busy=0;return request(base+'/join',{method:'POST',credentials:'same-origin',headers:{'content-type':'application/json',accept:'application/json'},body:JSON.stringify({challenge:ch,answer:a})})},function(){busy=0;$('q-text').textContent='This browser cannot join the waiting room (it needs a secure connection and a current browser).'})}
$('q-again').addEventListener('click',join);
poll();
})();`;
