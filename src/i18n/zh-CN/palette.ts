export default {
	placeholder: '占位',
}
