import {
  AppleIcon,
  BitbucketIcon,
  CubeIcon,
  FacebookIcon,
  GithubIcon,
  GitlabIcon,
  GoogleIcon,
  InstagramIcon,
  LinkedinIcon,
  MicrosoftIcon,
  OpenshiftIcon,
  PaypalIcon,
  StackOverflowIcon,
  TwitterIcon,
} from "@patternfly/react-icons";
import type { SVGIconProps } from "@patternfly/react-icons/dist/esm/createIcon";
import type { ComponentType } from "react";

/** Icons of Keycloak's built-in social providers, by provider id; anything else gets a neutral icon. */
const ICONS: Record<string, ComponentType<SVGIconProps>> = {
  apple: AppleIcon,
  bitbucket: BitbucketIcon,
  facebook: FacebookIcon,
  github: GithubIcon,
  gitlab: GitlabIcon,
  google: GoogleIcon,
  instagram: InstagramIcon,
  linkedin: LinkedinIcon,
  "linkedin-openid-connect": LinkedinIcon,
  microsoft: MicrosoftIcon,
  openshift: OpenshiftIcon,
  "openshift-v4": OpenshiftIcon,
  paypal: PaypalIcon,
  stackoverflow: StackOverflowIcon,
  twitter: TwitterIcon,
};

export function ProviderIcon({ providerName, ...props }: { providerName: string } & SVGIconProps) {
  const Icon = ICONS[providerName.toLowerCase()] ?? CubeIcon;
  return <Icon {...props} />;
}
