export { CheckIcon, StarIcon } from '../../../components/ui/icons';
