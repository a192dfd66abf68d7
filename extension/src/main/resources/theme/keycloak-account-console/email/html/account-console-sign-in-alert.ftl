<#ftl output_format="HTML">
<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<#-- Mail clients that honour these draw the dark variant below; the others keep the light one, which stays readable
     when a client inverts it on its own (no background images, no text on colour). -->
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${text.signInAlertSubject}</title>
<style>
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .page { background: #151515 !important; }
    .card { background: #1f1f1f !important; border-color: #444 !important; }
    .ink, .ink td, .ink p, .ink h1 { color: #e8e8e8 !important; }
    .muted { color: #b8b8b8 !important; }
    .facts td { border-color: #444 !important; }
    a.button { background: #92c5f9 !important; color: #151515 !important; }
    a.link { color: #92c5f9 !important; }
  }
  @media (max-width: 480px) { .card { padding: 20px 16px !important; } a.button { display: block !important; } }
</style>
</head>
<body class="page" style="margin:0;padding:0;background:#f2f2f2;">
<table role="presentation" class="page" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f2f2;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" class="card ink" width="100%" cellpadding="0" cellspacing="0"
       style="max-width:560px;background:#ffffff;border:1px solid #d2d2d2;border-radius:8px;padding:28px 32px;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#151515;">
<tr><td>
  <h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#151515;">${text.signInAlertHeading}</h1>
  <p style="margin:0 0 12px;color:#151515;">${text.signInAlertGreeting}</p>
  <p style="margin:0 0 20px;color:#151515;">${text.signInAlertIntro}</p>
  <table role="presentation" class="facts" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-collapse:collapse;">
    <tr><td class="muted" style="padding:8px 12px 8px 0;border-top:1px solid #d2d2d2;color:#4d4d4d;white-space:nowrap;">${text.signInAlertWhen}</td><td style="padding:8px 0;border-top:1px solid #d2d2d2;color:#151515;">${when}</td></tr>
    <tr><td class="muted" style="padding:8px 12px 8px 0;border-top:1px solid #d2d2d2;color:#4d4d4d;white-space:nowrap;">${text.signInAlertBrowser}</td><td style="padding:8px 0;border-top:1px solid #d2d2d2;color:#151515;">${browser}</td></tr>
    <tr><td class="muted" style="padding:8px 12px 8px 0;border-top:1px solid #d2d2d2;color:#4d4d4d;white-space:nowrap;">${text.signInAlertOs}</td><td style="padding:8px 0;border-top:1px solid #d2d2d2;color:#151515;">${os}</td></tr>
    <tr><td class="muted" style="padding:8px 12px 8px 0;border-top:1px solid #d2d2d2;border-bottom:1px solid #d2d2d2;color:#4d4d4d;white-space:nowrap;">${text.signInAlertIp}</td><td style="padding:8px 0;border-top:1px solid #d2d2d2;border-bottom:1px solid #d2d2d2;color:#151515;word-break:break-all;">${ipAddress}</td></tr>
    <#if place?has_content>
    <tr><td class="muted" style="padding:8px 12px 8px 0;border-top:1px solid #d2d2d2;border-bottom:1px solid #d2d2d2;color:#4d4d4d;white-space:nowrap;">${text.signInAlertPlace}</td><td style="padding:8px 0;border-top:1px solid #d2d2d2;border-bottom:1px solid #d2d2d2;color:#151515;">${place}</td></tr>
    </#if>
  </table>
  <p style="margin:0 0 8px;color:#151515;">${text.signInAlertIfYou}</p>
  <p style="margin:0 0 20px;color:#151515;">${text.signInAlertIfNotYou}</p>
  <p style="margin:0 0 16px;">
    <a class="button" href="${secureAccountUrl}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#0066cc;color:#ffffff;text-decoration:none;font-weight:600;">${text.signInAlertNotMe}</a>
  </p>
  <p style="margin:0 0 8px;">
    <a class="link" href="${deviceActivityUrl}" style="color:#0066cc;text-decoration:underline;">${text.signInAlertDeviceActivity}</a>
  </p>
  <p style="margin:0 0 24px;">
    <a class="link" href="${signingInUrl}" style="color:#0066cc;text-decoration:underline;">${text.signInAlertSigningIn}</a>
  </p>
  <p class="muted" style="margin:0;font-size:13px;color:#4d4d4d;">${text.signInAlertWhy}</p>
  <#if placeAttribution?has_content>
  <p class="muted" style="margin:8px 0 0;font-size:13px;color:#4d4d4d;">${placeAttribution}</p>
  </#if>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
