<#ftl output_format="plainText">
${text.signInAlertGreeting}

${text.signInAlertIntro}

${text.signInAlertWhen}: ${when}
${text.signInAlertBrowser}: ${browser}
${text.signInAlertOs}: ${os}
${text.signInAlertIp}: ${ipAddress}
<#if place?has_content>
${text.signInAlertPlace}: ${place}
</#if>

${text.signInAlertIfYou}
${text.signInAlertIfNotYou}

${text.signInAlertNotMe}: ${secureAccountUrl}
${text.signInAlertDeviceActivity}: ${deviceActivityUrl}
${text.signInAlertSigningIn}: ${signingInUrl}

--
${text.signInAlertWhy}
<#if placeAttribution?has_content>
${placeAttribution}
</#if>
