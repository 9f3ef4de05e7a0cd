export { PolicyLayout, PolicySection } from './components/policy-layout';
