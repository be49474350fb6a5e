// The CSS of the storefront's content pages (event, checkout, order pages); the home page has its own.
export const STOREFRONT_CSS = `main{max-width:960px;width:100%;margin:0 auto;padding:8px 20px 48px;flex:1}
h1{font-size:clamp(1.6rem,5vw,2.4rem);line-height:1.15;margin:16px 0 8px}
h2{font-size:1.2rem;margin:32px 0 12px}.card{border:1px solid var(--line);border-radius:14px;padding:16px;margin:16px 0}
.art{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:14px;background:var(--line)}.art-box{position:relative}.art-box .art{position:relative;background:none}.art-preview{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;border-radius:14px}
.when{font-weight:600}.facts{display:grid;gap:4px 16px;grid-template-columns:max-content 1fr;margin:16px 0}.facts dt{color:var(--muted)}.facts dd{margin:0}
.lineup{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0}.lineup li{border:1px solid var(--line);border-radius:999px;padding:2px 12px}
.terms{white-space:pre-wrap}details{margin:16px 0}summary{cursor:pointer}
.types{list-style:none;margin:0;padding:0;display:grid;gap:12px}.type{display:flex;gap:12px;justify-content:space-between;align-items:center;border:1px solid var(--line);border-radius:14px;padding:14px}
.type h3{margin:0;font-size:1rem}.type p{margin:2px 0}.price{font-weight:700}.badge{display:inline-block;border-radius:999px;padding:2px 10px;font-size:.8rem;font-weight:700;background:var(--primary);color:var(--on-primary)}
.badge.out{background:transparent;color:var(--text);border:1px solid var(--line)}
.qty{display:flex;align-items:center;gap:6px}.qty input{width:4.5rem;text-align:center}
label{display:block;font-weight:600;margin:0 0 4px}.field{margin:0 0 14px}.row{display:grid;gap:0 12px;grid-template-columns:1fr 1fr}
input,select,textarea{font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:10px;padding:10px 12px;width:100%;min-height:44px}
select option{color:#0a0a0a;background:#fff}.check{display:flex;gap:10px;align-items:flex-start;margin:10px 0;font-weight:400}.check input{width:auto;min-height:0;margin-top:4px}
button,.button{font:inherit;font-weight:700;border:0;border-radius:12px;padding:12px 20px;min-height:48px;background:var(--primary);color:var(--on-primary);cursor:pointer;text-decoration:none;display:inline-block}
.button.secondary,button.secondary{background:transparent;color:var(--text);border:1px solid var(--line)}
.error{color:var(--text);border-left:4px solid #ef4444;padding:2px 10px;margin:6px 0;font-weight:600}
.alert{border:2px solid #ef4444;border-radius:12px;padding:12px 16px;margin:16px 0;font-weight:600}.note{border:2px solid var(--primary);border-radius:12px;padding:12px 16px;margin:16px 0}
.summary{width:100%;border-collapse:collapse}.summary td,.summary th{padding:8px 0;border-bottom:1px solid var(--line);text-align:left}.summary .num{text-align:right}
.summary tfoot td{font-weight:700;border-bottom:0}.summary tfoot tr.vat td{font-weight:400;font-size:.9rem}.tickets{list-style:none;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
.ticket{border:1px solid var(--line);border-radius:14px;padding:16px;text-align:center}.ticket form{text-align:left}.ticket .gone{font-weight:700}.ticket svg{width:100%;max-width:240px;height:auto;background:#fff;border-radius:8px;padding:8px}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
a{color:inherit}.inline-link{color:var(--accent);font-weight:600}
.share-row{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0 4px}.share-row .button,.share-row button{min-height:44px;padding:10px 16px;font-size:.95rem}
.share-status{min-height:1.5em;margin:4px 0 0;font-weight:600;color:var(--accent)}
address.venue{font-style:normal;margin:4px 0 0}.venue-name{font-weight:600}.venue a{display:inline-block;margin-top:2px;padding:4px 0}
.about{margin-top:40px;padding-top:24px;border-top:1px solid var(--line)}.about-cover{display:block;width:100%;height:auto;max-height:200px;aspect-ratio:4/1;object-fit:cover;border-radius:14px;margin:0 0 16px;background:var(--line)}
.about p{white-space:pre-line;max-width:65ch}.about .social{margin-top:16px}
fieldset.attendee{border:1px solid var(--line);border-radius:14px;padding:8px 16px 4px;margin:0 0 16px}fieldset.attendee>legend{font-weight:700;padding:0 6px}
.choice{border:0;padding:0;margin:0 0 14px;min-width:0}.choice legend{font-weight:600;padding:0;margin:0 0 4px}
@media (min-width:720px){.layout{display:grid;grid-template-columns:1.2fr 1fr;gap:32px;align-items:start}}`;
