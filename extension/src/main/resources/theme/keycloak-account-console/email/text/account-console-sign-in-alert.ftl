<#ftl output_format="plainText">
${text.signInAlertGreeting}

${text.signInAlertIntro}

${text.signInAlertWhen}: ${when}
${text.signInAlertBrowser}: ${browser}
${text.signInAlertOs}: ${os}
${text.signInAlertIp}: ${ipAddress}

${text.signInAlertIfYou}
${text.signInAlertIfNotYou}

${text.signInAlertNotMe}: ${secureAccountUrl}
${text.signInAlertDeviceActivity}: ${deviceActivityUrl}
${text.signInAlertSigningIn}: ${signingInUrl}

--
${text.signInAlertWhy}
